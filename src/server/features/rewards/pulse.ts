import { type BucketCount, type BucketWindow, bucketCounts, bucketStart } from '../../shared/buckets';
import type { RewardsDb } from './tables';

/**
 * The ledger's part of the console's pulse, on the index ledger_created (created_at, user_id).
 * Every member who opens the portal gets the day's login reward, earns or spends: the ledger is
 * where activity leaves a mark (decision 0200).
 */

/** Members with any ledger row in the bucket, each counted once per bucket. */
export async function activeMembersByBucket(db: RewardsDb, w: BucketWindow): Promise<BucketCount[]> {
  const at = bucketStart('created_at', w.bucketMs);
  const rows = await db
    .selectFrom('ledger')
    .select((eb) => [at.as('at'), eb.fn.count('user_id').distinct().as('value')])
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .groupBy(at)
    .execute();
  return bucketCounts(rows);
}

/** Daily login rewards granted (one per member and reward day, whatever its lines). */
export async function dailyRewardsByBucket(db: RewardsDb, w: BucketWindow): Promise<BucketCount[]> {
  const at = bucketStart('created_at', w.bucketMs);
  const rows = await db
    .selectFrom('ledger')
    .select((eb) => [at.as('at'), eb.fn.count('user_id').distinct().as('value')])
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .where('reason', 'like', 'daily login reward day %')
    .groupBy(at)
    .execute();
  return bucketCounts(rows);
}

/** Points spent (store purchases and every other debit), as a positive sum. */
export async function pointsSpentByBucket(db: RewardsDb, w: BucketWindow): Promise<BucketCount[]> {
  const at = bucketStart('created_at', w.bucketMs);
  const rows = await db
    .selectFrom('ledger')
    .select((eb) => [at.as('at'), eb.fn.sum<number>(eb.neg(eb.ref('amount'))).as('value')])
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .where('asset', '=', 'points')
    .where('amount', '<', 0)
    .groupBy(at)
    .execute();
  return bucketCounts(rows);
}
