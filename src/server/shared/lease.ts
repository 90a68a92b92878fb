import type { PlatformDb } from '../db/schema';

/**
 * Job leases (table job_lease): one instance at a time runs a leader-only job. Taking a lease is
 * one atomic upsert that succeeds only for the current holder or once the previous holder's lease
 * expired (it crashed or stopped), on both dialects. A holder that stops cleanly releases its
 * leases, so the next instance takes over at its next tick instead of after the expiry.
 */
export interface LeaseRequest {
  name: string;
  holder: string;
  now: number;
  ttlMs: number;
}

export async function takeLease(db: PlatformDb, lease: LeaseRequest): Promise<boolean> {
  const expiresAt = lease.now + lease.ttlMs;
  const row = await db
    .insertInto('job_lease')
    .values({ name: lease.name, holder: lease.holder, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder: lease.holder, expires_at: expiresAt })
        .where((eb) => eb.or([eb('job_lease.holder', '=', lease.holder), eb('job_lease.expires_at', '<=', lease.now)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === lease.holder;
}

/** Gives up every lease `holder` has (or only `name`): at a clean shutdown. */
export async function releaseLeases(db: PlatformDb, holder: string, name?: string): Promise<number> {
  let query = db.deleteFrom('job_lease').where('holder', '=', holder);
  if (name !== undefined) query = query.where('name', '=', name);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Who holds each lease now (operators, metrics, tests). */
export function listLeases(db: PlatformDb) {
  return db.selectFrom('job_lease').selectAll().orderBy('name').execute();
}
