import type { MetricValueWithName } from 'prom-client';

/**
 * This instance's figures for the console's status page, read from the metrics already kept
 * (http/metrics.ts): nothing is measured twice. Rates and the p95 cover the time since the
 * previous reading (each instance reads once per snapshot, shared/instance.ts).
 */
export interface InstanceFigures {
  openSockets: number;
  draining: boolean;
  requestsPerSecond: number;
  /** Share of the window's requests answered 5xx. */
  errorRate: number;
  /** Null without requests in the window. */
  p95Ms: number | null;
  eventLoopDelayMs: number;
  dbPool: { total: number; idle: number; waiting: number } | null;
  /** Each job's latest run on this instance (skipped ticks are not runs). */
  jobRuns: JobRunRecord[];
}

export interface JobRunRecord {
  job: string;
  at: number;
  durationMs: number;
  lagMs: number;
  outcome: 'ok' | 'failed';
}

/** Totals of the request histogram at one moment: every series summed by bucket bound. */
export interface RequestTotals {
  at: number;
  count: number;
  errors: number;
  /** Cumulative counts per upper bound (seconds), ascending, +Inf last. */
  buckets: Array<[number, number]>;
}

export function requestTotals(values: readonly MetricValueWithName<string>[], at: number): RequestTotals {
  let count = 0;
  let errors = 0;
  const byBound = new Map<number, number>();
  for (const v of values) {
    if (v.metricName?.endsWith('_count')) {
      count += v.value;
      if (Number(v.labels.status) >= 500) errors += v.value;
    } else if (v.metricName?.endsWith('_bucket')) {
      const le = v.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(v.labels.le);
      byBound.set(le, (byBound.get(le) ?? 0) + v.value);
    }
  }
  return { at, count, errors, buckets: [...byBound.entries()].sort((a, b) => a[0] - b[0]) };
}

/** Requests per second, error share and p95 (ms, interpolated within its bucket) between two readings. */
export function windowFigures(
  before: RequestTotals,
  after: RequestTotals,
): Pick<InstanceFigures, 'requestsPerSecond' | 'errorRate' | 'p95Ms'> {
  const count = after.count - before.count;
  const seconds = Math.max(0.001, (after.at - before.at) / 1000);
  if (count <= 0) return { requestsPerSecond: 0, errorRate: 0, p95Ms: null };
  const earlier = new Map(before.buckets);
  const target = count * 0.95;
  let lowerBound = 0;
  let lowerCount = 0;
  let p95 = 0;
  for (const [bound, cumulative] of after.buckets) {
    const n = cumulative - (earlier.get(bound) ?? 0);
    if (n >= target) {
      // Beyond the last finite bound there is nothing to interpolate towards: report that bound.
      if (!Number.isFinite(bound)) p95 = lowerBound;
      else p95 = lowerBound + ((bound - lowerBound) * (target - lowerCount)) / Math.max(1, n - lowerCount);
      break;
    }
    lowerBound = Number.isFinite(bound) ? bound : lowerBound;
    lowerCount = n;
  }
  return {
    requestsPerSecond: count / seconds,
    errorRate: (after.errors - before.errors) / count,
    p95Ms: p95 * 1000,
  };
}
