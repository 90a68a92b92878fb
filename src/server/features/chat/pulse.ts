import { type BucketCount, type BucketWindow, perBucket } from '../../shared/buckets';
import type { ChatDb } from './tables';

/** Chat messages written per bucket (deleted ones too: they were written), on the index chat_message_created. */
export function chatMessagesByBucket(db: ChatDb, w: BucketWindow): Promise<BucketCount[]> {
  return perBucket(db.selectFrom('chat_message'), 'created_at', w);
}
