import { type BucketCount, type BucketWindow, bucketCounts, bucketStart } from '../../shared/buckets';
import type { RaffleDb } from './tables';

/** Raffle entries made per bucket (a member's first tickets in a raffle), on the index raffle_entry_created. */
export async function raffleEntriesByBucket(db: RaffleDb, w: BucketWindow): Promise<BucketCount[]> {
  const at = bucketStart('created_at', w.bucketMs);
  const rows = await db
    .selectFrom('raffle_entry')
    .select((eb) => [at.as('at'), eb.fn.countAll().as('value')])
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .groupBy(at)
    .execute();
  return bucketCounts(rows);
}
