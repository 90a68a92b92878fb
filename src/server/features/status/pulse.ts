import {
  BUCKET_MS,
  DEFAULT_BUCKET,
  PULSE_SERIES,
  type PulseKey,
  RANGE_MS,
  type StatusBucket,
  type StatusPulseAnswer,
  type StatusRange,
} from '../../../protocol/status';
import type { AnyDb } from '../../db/schema';
import type { BucketCount, BucketWindow } from '../../shared/buckets';
import { chatMessagesByBucket } from '../chat/index';
import { gameRunsByBucket, verifiedWinsByBucket } from '../games/index';
import { signUpsByBucket } from '../identity/index';
import { raffleEntriesByBucket } from '../raffle/index';
import { activeMembersByBucket, dailyRewardsByBucket, pointsSpentByBucket } from '../rewards/index';
import { purchasesByBucket } from '../store/index';

/**
 * The game's pulse: each series counted by the capability that owns its table (their index.ts
 * exports a count-by-bucket function each), over UTC-aligned hours or days ending with the
 * current, still filling, bucket.
 */
const SOURCES: Record<PulseKey, (db: AnyDb, w: BucketWindow) => Promise<BucketCount[]>> = {
  signUps: signUpsByBucket,
  activeMembers: activeMembersByBucket,
  dailyRewards: dailyRewardsByBucket,
  purchases: purchasesByBucket,
  pointsSpent: pointsSpentByBucket,
  raffleEntries: raffleEntriesByBucket,
  chatMessages: chatMessagesByBucket,
  gameRuns: gameRunsByBucket,
  verifiedWins: verifiedWinsByBucket,
};

/** The buckets of a range: `rangeMs / bucketMs` of them, the last holding `now`. */
export function pulseWindow(
  range: StatusRange,
  bucket: StatusBucket,
  now: number,
): BucketWindow & { starts: number[] } {
  const bucketMs = BUCKET_MS[bucket];
  const count = Math.max(1, Math.round(RANGE_MS[range] / bucketMs));
  const last = now - (now % bucketMs);
  const starts = Array.from({ length: count }, (_, i) => last - (count - 1 - i) * bucketMs);
  return { from: starts[0] as number, to: last + bucketMs, bucketMs, starts };
}

export async function readPulse(
  db: AnyDb,
  range: StatusRange,
  bucket: StatusBucket | undefined,
  now: number,
): Promise<Omit<StatusPulseAnswer, 'iErrorCode'>> {
  const sBucket = bucket ?? DEFAULT_BUCKET[range];
  const window = pulseWindow(range, sBucket, now);
  const index = new Map(window.starts.map((at, i) => [at, i]));
  const counted = await Promise.all(PULSE_SERIES.map((series) => SOURCES[series.sKey](db, window)));
  return {
    sRange: range,
    sBucket,
    aBuckets: window.starts,
    aSeries: PULSE_SERIES.map((series, i) => {
      const values = window.starts.map(() => 0);
      for (const { at, value } of counted[i] ?? []) {
        const slot = index.get(at);
        if (slot !== undefined) values[slot] = value;
      }
      return { sKey: series.sKey, sLabel: series.sLabel, sKind: series.sKind, aValues: values };
    }),
  };
}

/** Today so far (the current UTC day's bucket) of some of the pulse's series: the same counts, one bucket. */
export async function readToday(
  db: AnyDb,
  keys: readonly PulseKey[],
  now: number,
): Promise<{ dayStartsAt: number; values: Record<string, number> }> {
  const window = pulseWindow('24h', 'day', now);
  const counted = await Promise.all(keys.map((key) => SOURCES[key](db, window)));
  const values: Record<string, number> = {};
  keys.forEach((key, i) => {
    values[key] = (counted[i] ?? []).reduce((sum, { value }) => sum + value, 0);
  });
  return { dayStartsAt: window.from, values };
}
