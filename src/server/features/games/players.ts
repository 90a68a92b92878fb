import { readInPages } from '../../shared/batches';
import type { GamesDb } from './tables';

/** Of these members, the ones who have played a game (any run of theirs; an announcement's segment, issue 29). */
export async function playersAmong(db: GamesDb, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await readInPages(userIds, (page) =>
    db.selectFrom('game_run').select('user_id').distinct().where('user_id', 'in', page).execute(),
  );
  return new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])));
}
