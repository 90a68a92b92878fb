import { CONSOLE_ROLES, type ConsoleRole } from '../../../protocol/console';
import type { AccountBanned } from '../../capability';
import { writeAudit } from '../../shared/audit';
import {
  type Account,
  accountByEmail,
  accountsByIds,
  accountsInUse,
  clearSecondFactor,
  createAccount,
} from '../identity/index';
import type { OperatorsDb } from './tables';

/**
 * Who is an operator, and with which console role (issue 27, decision 0248): operators' own
 * `operator_account` table. The accounts themselves (email, password, second factor, sessions)
 * are identity's, read through its exports; an account with no live row here is a member.
 */

/** What a member's role reads as wherever an account's role is shown or compared. */
export const MEMBER_ROLE = 'user';

export function isConsoleRole(role: string): role is ConsoleRole {
  return (CONSOLE_ROLES as readonly string[]).includes(role);
}

/** An account with its console role (`user`: none, a member). */
export interface AccountWithRole extends Account {
  role: string;
}

/** The console role an account holds now, or null (a member). */
export async function roleOf(db: OperatorsDb, userId: string): Promise<ConsoleRole | null> {
  const row = await db
    .selectFrom('operator_account')
    .select('role')
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return row && isConsoleRole(row.role) ? row.role : null;
}

/** The account of an email with its role (`user` for a member), or null: no such account. */
export async function accountWithRoleByEmail(db: OperatorsDb, email: string): Promise<AccountWithRole | null> {
  const account = await accountByEmail(db, email);
  return account ? { ...account, role: (await roleOf(db, account.id)) ?? MEMBER_ROLE } : null;
}

/** Live operators' ids and roles; `role`: only those of this role. */
async function liveRows(db: OperatorsDb, role?: ConsoleRole) {
  let query = db.selectFrom('operator_account').select(['user_id', 'role']).where('ended_at', 'is', null);
  if (role) query = query.where('role', '=', role);
  return query.execute();
}

/** Every operator (an account with a live console role), by email. */
export async function listOperators(db: OperatorsDb): Promise<AccountWithRole[]> {
  const rows = await liveRows(db);
  const roles = new Map(rows.map((row) => [row.user_id, row.role]));
  const accounts = await accountsByIds(
    db,
    rows.map((row) => row.user_id),
  );
  return accounts
    .map((account) => ({ ...account, role: roles.get(account.id) ?? MEMBER_ROLE }))
    .sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

/**
 * Admins who can still reach the console (issue 35): their accounts still in use (no ban in
 * force, not erased, not being deleted: identity's accountsInUse). The last-admin rule counts
 * these, not every admin row; `except`: leave this account out (the one a change would demote).
 */
export async function usableAdminCount(db: OperatorsDb, except?: string, now = Date.now()): Promise<number> {
  const admins = (await liveRows(db, 'admin')).map((row) => row.user_id).filter((id) => id !== except);
  return (await accountsInUse(db, admins, now)).length;
}

/** Gives an account a console role: a new operator (or one added again), or a live one's new role. */
export async function setRole(
  db: OperatorsDb,
  userId: string,
  role: ConsoleRole,
  change: { actor: string; now: number },
): Promise<void> {
  const live = (await roleOf(db, userId)) !== null;
  const added = { added_at: change.now, added_by: change.actor };
  await db
    .insertInto('operator_account')
    .values({ user_id: userId, role, ...added, changed_at: change.now, ended_at: null, ended_by: null })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ role, changed_at: change.now, ended_at: null, ended_by: null, ...(live ? {} : added) }),
    )
    .execute();
}

/** A new account (identity's, no password yet) that is an operator of this role; its id. */
export async function createAccountWithRole(
  db: OperatorsDb,
  email: string,
  role: ConsoleRole,
  change: { actor: string; now: number },
): Promise<string> {
  const id = await createAccount(db, email, change.now);
  await setRole(db, id, role, change);
  return id;
}

/** Ends an account's console role (the row stays: its last role, when and by whom it ended). */
export async function endRole(db: OperatorsDb, userId: string, change: { actor: string; now: number }) {
  await db
    .updateTable('operator_account')
    .set({ ended_at: change.now, ended_by: change.actor, changed_at: change.now })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * A ban ends an operator's role (issue 35, decision 0204), in the ban's transaction: the account
 * becomes a member, its second factor is forgotten, audited as `operator.remove`. Its console
 * sessions end with its sessions, which the ban ends right after. A member's ban changes nothing here.
 */
export async function endRoleOfBanned(trx: OperatorsDb, banned: AccountBanned): Promise<void> {
  const role = await roleOf(trx, banned.userId);
  if (!role) return;
  const [account] = await accountsByIds(trx, [banned.userId]);
  await endRole(trx, banned.userId, { actor: banned.actor, now: banned.now });
  await clearSecondFactor(trx, banned.userId, banned.now);
  await writeAudit(trx, {
    actor: banned.actor,
    action: 'operator.remove',
    detail: { email: account?.email ?? null, from: role, to: MEMBER_ROLE, reason: `banned: ${banned.reason}` },
    at: banned.now,
    memberId: banned.userId,
  });
}
