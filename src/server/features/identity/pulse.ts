import { type BucketCount, type BucketWindow, perBucket } from '../../shared/buckets';
import type { IdentityDb } from './tables';

/** Members registered per bucket (the console's pulse): on the index member_created. */
export function signUpsByBucket(db: IdentityDb, w: BucketWindow): Promise<BucketCount[]> {
  return perBucket(db.selectFrom('member'), 'created_at', w);
}
