import { type BucketCount, type BucketWindow, bucketCounts, bucketStart } from '../../shared/buckets';
import type { IdentityDb } from './tables';

/** Members registered per bucket (the console's pulse): on the index member_created. */
export async function signUpsByBucket(db: IdentityDb, w: BucketWindow): Promise<BucketCount[]> {
  const at = bucketStart('created_at', w.bucketMs);
  const rows = await db
    .selectFrom('member')
    .select((eb) => [at.as('at'), eb.fn.countAll().as('value')])
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .groupBy(at)
    .execute();
  return bucketCounts(rows);
}
