import type { Kysely } from 'kysely';
import type { Database } from '../features/index';

export type DbOrTrx = Kysely<Database>;

/**
 * Runs `work` in a transaction: the caller's, when `db` already is one (Kysely cannot nest
 * them), else a new one. Grants rely on this so their rows commit or vanish together.
 */
export function inTransaction<T>(db: DbOrTrx, work: (trx: DbOrTrx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
