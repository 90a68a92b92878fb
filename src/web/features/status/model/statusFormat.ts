import type { PulseSeries, StatusBucket, StatusInstance } from '../../../../protocol/status';
import { formatCount } from '../../../ui/format';
import { partsOf, type TimeZoneChoice, timeZoneChoice } from '../../../ui/timeZone';

/** How the status page writes its figures (pure: unit-tested in tests/web when it grows). */

const pad = (n: number) => String(n).padStart(2, '0');

/** 3 d 4 h, 2 h 5 min, 40 s. */
export function formatUptime(ms: number): string {
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min`;
  return `${s} s`;
}

/** Milliseconds with sensible precision: 0.4 ms, 12 ms, 1.2 s. */
export function formatMs(ms: number | null): string {
  if (ms === null) return '—';
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 10) return `${Math.round(ms)} ms`;
  return `${ms.toFixed(1)} ms`;
}

/** A job's period: 500 ms, 5 s, 10 min, 1 h. */
export function formatEvery(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${+(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${+(ms / 60_000).toFixed(1)} min`;
  return `${+(ms / 3_600_000).toFixed(1)} h`;
}

export const formatRate = (perSecond: number) => (perSecond >= 10 ? perSecond.toFixed(0) : perSecond.toFixed(1));
export const formatPercent = (share: number) => `${(share * 100).toFixed(share > 0 && share < 0.01 ? 2 : 1)} %`;

/** The first 8 characters of an instance id: enough to tell them apart on the page. */
export const shortId = (id: string) => id.slice(0, 8);

export function formatPool(pool: StatusInstance['pDbPool']): string {
  if (!pool) return 'SQLite';
  return `${pool.iTotal - pool.iIdle}/${pool.iTotal} busy${pool.iWaiting > 0 ? `, ${pool.iWaiting} waiting` : ''}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A bucket's start: "14:00" for hours, in the zone the operator chose; "Nov 27" for days, always
 * the UTC day the bucket is (issue 38: the header names the zone).
 */
export function formatBucket(
  at: number,
  bucket: StatusBucket,
  withDay = false,
  choice: TimeZoneChoice = timeZoneChoice(),
): string {
  const p = partsOf(at, bucket === 'day' ? 'utc' : choice);
  const day = `${MONTHS[p.month]} ${p.day}`;
  if (bucket === 'day') return day;
  const time = `${pad(p.hours)}:${pad(p.minutes)}`;
  return withDay ? `${day} ${time}` : time;
}

/** A series in one sentence: its total (or, counted per bucket, its peak and average) and its busiest bucket. */
export function seriesSummary(series: PulseSeries, buckets: readonly number[], bucket: StatusBucket): string {
  const values = series.aValues;
  const total = values.reduce((sum, v) => sum + v, 0);
  let peakIndex = 0;
  for (let i = 1; i < values.length; i++) if ((values[i] ?? 0) > (values[peakIndex] ?? 0)) peakIndex = i;
  const peak = values[peakIndex] ?? 0;
  const per = bucket === 'hour' ? 'hour' : 'day';
  if (total === 0) return 'None in this range.';
  const when = formatBucket(buckets[peakIndex] ?? 0, bucket, true);
  if (series.sKind === 'distinct') {
    const average = total / Math.max(1, values.length);
    return `Peak ${formatCount(peak)} in one ${per} (${when}), ${average.toFixed(1)} per ${per} on average.`;
  }
  return `${formatCount(total)} in all; busiest ${per} ${when} with ${formatCount(peak)}.`;
}

/** What the live region says about the instances: only a change in it is announced. */
export function instancesSentence(instances: readonly StatusInstance[]): string {
  const draining = instances.filter((i) => i.sState === 'draining').length;
  const n = instances.length;
  const count = `${n} ${n === 1 ? 'instance' : 'instances'}`;
  return draining > 0 ? `${count}, ${draining} draining.` : `${count}, all ready.`;
}
