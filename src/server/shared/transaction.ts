import type { Kysely } from 'kysely';

/**
 * Runs `work` in a transaction: the caller's, when `db` already is one (Kysely cannot nest
 * them), else a new one. Grants rely on this so their rows commit or vanish together.
 */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
