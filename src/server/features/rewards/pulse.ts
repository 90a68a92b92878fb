import { type BucketCount, type BucketWindow, perBucket } from '../../shared/buckets';
import type { RewardsDb } from './tables';

/**
 * The ledger's part of the console's pulse, on the index ledger_created (created_at, user_id).
 * Every member who opens the portal gets the day's login reward, earns or spends: the ledger is
 * where activity leaves a mark (decision 0200).
 */

/** Members with any ledger row in the bucket, each counted once per bucket. */
export function activeMembersByBucket(db: RewardsDb, w: BucketWindow): Promise<BucketCount[]> {
  return perBucket(db.selectFrom('ledger'), 'created_at', w, (eb) => eb.fn.count('user_id').distinct());
}

/** Daily login rewards granted (one per member and reward day, whatever its lines). */
export function dailyRewardsByBucket(db: RewardsDb, w: BucketWindow): Promise<BucketCount[]> {
  return perBucket(db.selectFrom('ledger').where('reason', 'like', 'daily login reward day %'), 'created_at', w, (eb) =>
    eb.fn.count('user_id').distinct(),
  );
}

/** Points spent (store purchases and every other debit), as a positive sum. */
export function pointsSpentByBucket(db: RewardsDb, w: BucketWindow): Promise<BucketCount[]> {
  return perBucket(
    db.selectFrom('ledger').where('asset', '=', 'points').where('amount', '<', 0),
    'created_at',
    w,
    (eb) => eb.fn.sum<number>(eb.neg(eb.ref('amount'))),
  );
}
