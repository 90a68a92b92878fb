import { type BucketCount, type BucketWindow, bucketCounts, bucketStart } from '../../shared/buckets';
import type { GamesDb } from './tables';

/** Game runs started per bucket (members' and guests'), on the index game_run_started. */
export async function gameRunsByBucket(db: GamesDb, w: BucketWindow): Promise<BucketCount[]> {
  const at = bucketStart('started_at', w.bucketMs);
  const rows = await db
    .selectFrom('game_run')
    .select((eb) => [at.as('at'), eb.fn.countAll().as('value')])
    .where('started_at', '>=', w.from)
    .where('started_at', '<', w.to)
    .groupBy(at)
    .execute();
  return bucketCounts(rows);
}

/** Runs won, verified by the server's replay, per bucket of their end, on the index game_run_finished. */
export async function verifiedWinsByBucket(db: GamesDb, w: BucketWindow): Promise<BucketCount[]> {
  const at = bucketStart('finished_at', w.bucketMs);
  const rows = await db
    .selectFrom('game_run')
    .select((eb) => [at.as('at'), eb.fn.countAll().as('value')])
    .where('finished_at', '>=', w.from)
    .where('finished_at', '<', w.to)
    .where('status', '=', 'won')
    .groupBy(at)
    .execute();
  return bucketCounts(rows);
}
