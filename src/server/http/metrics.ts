import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, type Metric, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Db } from '../db/index';
import type { JobObserver } from '../shared/jobs';
import {
  type InstanceFigures,
  type JobRunRecord,
  type RequestTotals,
  requestTotals,
  windowFigures,
} from './instanceFigures';

/**
 * The server's Prometheus metrics (GET /metrics, text format): requests and their latency per
 * action, answers by iErrorCode, open WebSockets, job runs and lag, database pool use, and what the
 * capabilities contribute (the ledger's totals per asset: rewards). One registry per app (tests build several in one process).
 */
export interface Metrics {
  registry: Registry;
  /** One answered request: its action label, HTTP status and seconds taken. */
  request(action: string, status: number, seconds: number): void;
  /** An action's answer code (0 = success). */
  answer(action: string, code: number): void;
  jobs: JobObserver;
  /**
   * This instance's figures for the status page (http/instanceFigures.ts): rates, p95 and the
   * event loop's delay since the previous call. One caller (the status snapshot) reads it.
   */
  figures(): Promise<InstanceFigures>;
  /** Stops the event-loop monitor (the app closing). */
  stop(): void;
}

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(
  database: Db,
  sources: {
    openSockets(): number;
    draining(): boolean;
    /** The capabilities' own collectors (Runtime.metrics), e.g. the ledger's totals. */
    collectors?: readonly Metric[];
  },
): Metrics {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'portal_request_duration_seconds',
    help: 'Requests by action (service/action, or the route) and HTTP status, with their latency',
    labelNames: ['action', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const answers = new Counter({
    name: 'portal_action_answers_total',
    help: 'Action answers by iErrorCode (0 = success)',
    labelNames: ['action', 'code'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'portal_job_runs_total',
    help: 'Job ticks by outcome (skipped: another instance holds the lease)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'portal_job_run_duration_seconds',
    help: 'How long a job run took',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30],
    registers: [registry],
  });
  const jobLag = new Gauge({
    name: 'portal_job_lag_seconds',
    help: 'How late the last tick of a job started after it was due',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const jobLastRun = new Gauge({
    name: 'portal_job_last_success_timestamp_seconds',
    help: 'When a job last ran to the end on this instance',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'portal_open_websockets',
    help: 'WebSockets open on this instance (chat)',
    registers: [registry],
    collect() {
      this.set(sources.openSockets());
    },
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  new Gauge({
    name: 'portal_event_loop_delay_seconds',
    help: "The event loop's delay, 99th percentile since the status page's previous snapshot",
    registers: [registry],
    collect() {
      this.set(loopDelay.count > 0 ? loopDelay.percentile(99) / 1e9 : 0);
    },
  });
  new Gauge({
    name: 'portal_draining',
    help: '1 while this instance shuts down (readyz answers 503)',
    registers: [registry],
    collect() {
      this.set(sources.draining() ? 1 : 0);
    },
  });
  if (database.raw?.pool) {
    const pool = database.raw.pool;
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  for (const collector of sources.collectors ?? []) registry.registerMetric(collector);
  const lastRuns = new Map<string, JobRunRecord>();
  const lastLag = new Map<string, number>();
  let previous: RequestTotals | null = null;
  const createdAt = Date.now();
  return {
    registry,
    request: (action, status, seconds) => requests.observe({ action, status: String(status) }, seconds),
    answer: (action, code) => answers.inc({ action, code: String(code) }),
    jobs: {
      ran(job, outcome, seconds) {
        jobRuns.inc({ job, outcome });
        if (outcome === 'skipped') return;
        jobSeconds.observe({ job }, seconds);
        if (outcome === 'ok') jobLastRun.set({ job }, Date.now() / 1000);
        const durationMs = Math.round(seconds * 1000);
        lastRuns.set(job, { job, at: Date.now() - durationMs, durationMs, lagMs: lastLag.get(job) ?? 0, outcome });
      },
      lag: (job, ms) => {
        jobLag.set({ job }, ms / 1000);
        lastLag.set(job, Math.round(ms));
      },
    },
    async figures() {
      const now = requestTotals((await requests.get()).values, Date.now());
      const window = windowFigures(previous ?? { at: createdAt, count: 0, errors: 0, buckets: [] }, now);
      previous = now;
      const eventLoopDelayMs = loopDelay.count > 0 ? loopDelay.percentile(99) / 1e6 : 0;
      loopDelay.reset();
      const pool = database.raw?.pool;
      return {
        openSockets: sources.openSockets(),
        draining: sources.draining(),
        ...window,
        eventLoopDelayMs,
        dbPool: pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount } : null,
        jobRuns: [...lastRuns.values()],
      };
    },
    stop: () => loopDelay.disable(),
  };
}

/**
 * GET /metrics: only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); without a
 * configured token the route answers 404, as if it did not exist.
 */
export function registerMetricsRoute(app: FastifyInstance, config: Config, metrics: Metrics): void {
  const expected = config.metricsToken ? Buffer.from(`Bearer ${config.metricsToken}`) : null;
  app.get('/metrics', async (req, reply) => {
    if (!expected) return reply.code(404).send({ iErrorCode: 404, sMessage: 'Not found' });
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).header('WWW-Authenticate', 'Bearer').send({ iErrorCode: 401, sMessage: 'Unauthorized' });
    }
    return reply.header('Content-Type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
