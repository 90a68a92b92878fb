import { type BucketCount, type BucketWindow, perBucket } from '../../shared/buckets';
import type { GamesDb } from './tables';

/** Game runs started per bucket (members' and guests'), on the index game_run_started. */
export function gameRunsByBucket(db: GamesDb, w: BucketWindow): Promise<BucketCount[]> {
  return perBucket(db.selectFrom('game_run'), 'started_at', w);
}

/** Runs won, verified by the server's replay, per bucket of their end, on the index game_run_finished. */
export function verifiedWinsByBucket(db: GamesDb, w: BucketWindow): Promise<BucketCount[]> {
  return perBucket(db.selectFrom('game_run').where('status', '=', 'won'), 'finished_at', w);
}
