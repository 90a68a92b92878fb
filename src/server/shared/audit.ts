import type { Kysely } from 'kysely';
import type { Database } from '../features/index';

/** Writes one operator/system action to the audit table (inside the caller's transaction if given one). */
export async function writeAudit(
  db: Kysely<Database>,
  entry: { actor: string; action: string; detail: unknown; at: number },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ actor: entry.actor, action: entry.action, detail: JSON.stringify(entry.detail), created_at: entry.at })
    .execute();
}

export function listAudit(db: Kysely<Database>, limit = 50) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'actor', 'action', 'detail', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
