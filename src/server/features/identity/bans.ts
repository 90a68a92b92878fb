import type { AccountBanned } from '../../capability';
import type { AnyDb } from '../../db/schema';
import { writeAudit } from '../../shared/audit';
import type { Bus } from '../../shared/bus';
import { onPostgres } from '../../shared/prefix';
import { inTransaction } from '../../shared/transaction';
import { endSessionsOf } from './sessionsEnded';
import type { IdentityDb } from './tables';

/**
 * Bans (issue 27): Better Auth's admin-plugin columns on the user table. Its session hook refuses
 * a new session while `banned` is set and lifts a ban whose `banExpires` has passed (both with
 * real time, as Better Auth stamps it); session.ts refuses a banned member's token the same way.
 */
export interface BanState {
  reason: string;
  /** When the ban ends by itself (epoch ms), or null: until lifted. */
  until: number | null;
}

/** Better Auth's column forms by dialect: PostgreSQL has booleans and timestamps, SQLite 0/1 and ISO text. */
const isPostgres = onPostgres;

/** A ban as the user row holds it; null when none is in force at `now` (real time: Better Auth's clock). */
export function banOfRow(
  row: { banned: boolean | number | null; banReason: string | null; banExpires: Date | string | null },
  now = Date.now(),
): BanState | null {
  if (!row.banned) return null;
  const until = row.banExpires === null ? null : new Date(row.banExpires).getTime();
  if (until !== null && until <= now) return null;
  return { reason: row.banReason ?? '', until };
}

/** The member's ban in force, or null. */
export async function banOf(db: IdentityDb, userId: string): Promise<BanState | null> {
  const row = await db
    .selectFrom('user')
    .select(['banned', 'banReason', 'banExpires'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? banOfRow(row) : null;
}

/** The ban in force on the account with this email (sign-in's refusal shows it), or null. */
export async function banOfEmail(db: IdentityDb, email: string): Promise<BanState | null> {
  const row = await db
    .selectFrom('user')
    .select(['banned', 'banReason', 'banExpires'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row ? banOfRow(row) : null;
}

/** The ban in force on the account a passkey belongs to (a passkey sign-in's refusal shows it), or null. */
export async function banOfPasskey(db: IdentityDb, credentialId: string): Promise<BanState | null> {
  if (!credentialId) return null;
  const row = await db
    .selectFrom('passkey')
    .innerJoin('user', 'user.id', 'passkey.userId')
    .select(['user.banned', 'user.banReason', 'user.banExpires'])
    .where('passkey.credentialID', '=', credentialId)
    .executeTakeFirst();
  return row ? banOfRow(row) : null;
}

export interface BanRequest {
  actor: string;
  reason: string;
  /** When the ban ends (epoch ms); absent or null: until lifted. */
  until?: number | null;
  now: number;
  /** Work that commits with the ban or not at all (a chat report closed by it); in the audit detail as `reportId`. */
  within?: { reportId: number; run(trx: AnyDb): Promise<void> };
}

/**
 * Bans a member: sets the ban, tells the capabilities that end something with it (`accountBanned`:
 * an operator's role ends, decision 0204), audits it (one transaction), then ends every session,
 * which closes their chat sockets on every instance (sessionsEnded.ts). False when there is no such
 * account. Without a bus (the operator tool) the deleted rows are enough: instances watch the counter.
 */
export async function banMember(
  deps: { db: IdentityDb; bus?: Bus; accountBanned(trx: AnyDb, banned: AccountBanned): Promise<void> },
  userId: string,
  ban: BanRequest,
): Promise<boolean> {
  const until = ban.until ?? null;
  const pg = isPostgres(deps.db);
  const banned = await inTransaction(deps.db, async (trx) => {
    const updated = await trx
      .updateTable('user')
      .set({
        banned: pg ? true : 1,
        banReason: ban.reason,
        banExpires: until === null ? null : pg ? new Date(until) : new Date(until).toISOString(),
      })
      .where('id', '=', userId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await deps.accountBanned(trx, { userId, actor: ban.actor, reason: ban.reason, now: ban.now });
    await ban.within?.run(trx);
    await writeAudit(trx, {
      actor: ban.actor,
      action: 'member.ban',
      detail: { userId, reason: ban.reason, until, ...(ban.within ? { reportId: ban.within.reportId } : {}) },
      at: ban.now,
    });
    return true;
  });
  if (!banned) return false;
  if (deps.bus) await endSessionsOf({ db: deps.db, bus: deps.bus }, userId);
  else await deps.db.deleteFrom('session').where('userId', '=', userId).execute();
  return true;
}

/** Lifts a member's ban; false when no ban is in force (nothing is written). */
export async function unbanMember(
  db: IdentityDb,
  userId: string,
  lift: { actor: string; reason: string; now: number },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (!(await banOf(trx, userId))) return false;
    const pg = isPostgres(trx);
    await trx
      .updateTable('user')
      .set({ banned: pg ? false : 0, banReason: null, banExpires: null })
      .where('id', '=', userId)
      .execute();
    await writeAudit(trx, {
      actor: lift.actor,
      action: 'member.unban',
      detail: { userId, reason: lift.reason },
      at: lift.now,
    });
    return true;
  });
}
