import { type BucketCount, type BucketWindow, perBucket } from '../../shared/buckets';
import type { RaffleDb } from './tables';

/** Raffle entries made per bucket (a member's first tickets in a raffle), on the index raffle_entry_created. */
export function raffleEntriesByBucket(db: RaffleDb, w: BucketWindow): Promise<BucketCount[]> {
  return perBucket(db.selectFrom('raffle_entry'), 'created_at', w);
}
