import type { AnyDb, PlatformDb } from '../db/schema';

/** Writes one operator/system action to the audit table (inside the caller's transaction if given one). */
export async function writeAudit(
  db: AnyDb,
  entry: { actor: string; action: string; detail: unknown; at: number },
): Promise<void> {
  // Any capability's handle or transaction: the platform's tables are in every one.
  const platform: PlatformDb = db;
  await platform
    .insertInto('audit_log')
    .values({ actor: entry.actor, action: entry.action, detail: JSON.stringify(entry.detail), created_at: entry.at })
    .execute();
}

export function listAudit(db: PlatformDb, limit = 50) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'actor', 'action', 'detail', 'created_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
