import { type BucketCount, type BucketWindow, bucketCounts, bucketStart } from '../../shared/buckets';
import type { ChatDb } from './tables';

/** Chat messages written per bucket (deleted ones too: they were written), on the index chat_message_created. */
export async function chatMessagesByBucket(db: ChatDb, w: BucketWindow): Promise<BucketCount[]> {
  const at = bucketStart('created_at', w.bucketMs);
  const rows = await db
    .selectFrom('chat_message')
    .select((eb) => [at.as('at'), eb.fn.countAll().as('value')])
    .where('created_at', '>=', w.from)
    .where('created_at', '<', w.to)
    .groupBy(at)
    .execute();
  return bucketCounts(rows);
}
