import { CONSOLE_ROLES, type ConsoleRole } from '../../../protocol/console';
import type { Mailer } from '../../mail/index';
import { writeAudit } from '../../shared/audit';
import { clearSecondFactor, createPasswordSetToken } from '../identity/index';
import { endConsoleSessionsOf } from './consoleSessions';
import { sendOperatorWelcome } from './mail';
import {
  type AccountWithRole,
  accountWithRoleByEmail,
  createAccountWithRole,
  endRole,
  isConsoleRole,
  MEMBER_ROLE,
  setRole,
  usableAdminCount,
} from './operatorAccounts';
import type { OperatorsDb } from './tables';

/**
 * The operator levers (issue 27), one implementation each: the CLI's `operator …` commands and the
 * console's admin-only actions call these. Every change writes its audit entry in the same
 * transaction as the change; `actor` is `cli:<user>` or `console:<email>`. Roles are kept in
 * operators' own table (operatorAccounts.ts, decision 0248); the accounts are identity's.
 */
export { isConsoleRole, listOperators, MEMBER_ROLE } from './operatorAccounts';
export const WELCOME_LINK_MS = 24 * 60 * 60 * 1000;

export interface OperatorChange {
  actor: string;
  now: number;
  reason?: string;
}

export type OperatorRefusal = 'noSuchOperator' | 'lastAdmin';

/**
 * Why adding an email that is already an operator's changes nothing (issue 38, decision 0226): a
 * role changes only through `operator role`, asked for by name; an enrolled operator is never
 * mailed another set-password link.
 */
export function alreadyOperatorSentence(account: AccountWithRole): string {
  const enrolled = account.twoFactorEnabled ? 'enrolled' : 'not enrolled yet';
  return `${account.email} is already an operator (${account.role}, ${enrolled}): nothing changed and nothing was mailed. To change the role: operator role ${account.email} ROLE`;
}

/**
 * Creates the account (no password yet) or gives a member's account the role, then mails a
 * one-time link that sets the password (the console then enrols TOTP). Answers the account and
 * the link. An email that is already an operator's is refused with that operator (their role
 * stays), except the same role not enrolled yet: a fresh link is mailed (the first was lost).
 */
export async function addOperator(
  db: OperatorsDb,
  input: OperatorChange & { email: string; role: ConsoleRole; mail: { mailer: Mailer; publicUrl: string } },
): Promise<
  | { account: AccountWithRole; created: boolean; token: string }
  | { refused: OperatorRefusal }
  | { refused: 'alreadyOperator'; account: AccountWithRole }
> {
  const email = input.email.trim().toLowerCase();
  const existingOperator = await accountWithRoleByEmail(db, email);
  if (
    existingOperator &&
    isConsoleRole(existingOperator.role) &&
    (existingOperator.role !== input.role || existingOperator.twoFactorEnabled)
  ) {
    return { refused: 'alreadyOperator', account: existingOperator };
  }
  const result = await db.transaction().execute(async (trx) => {
    const existing = await accountWithRoleByEmail(trx, email);
    if (existing?.role === 'admin' && input.role !== 'admin' && (await usableAdminCount(trx, existing.id)) === 0)
      return null;
    const id = existing?.id ?? (await createAccountWithRole(trx, email, input.role, input));
    if (existing) await setRole(trx, id, input.role, input);
    const token = await createPasswordSetToken(trx, id, input.now, WELCOME_LINK_MS);
    await writeAudit(trx, {
      actor: input.actor,
      action: 'operator.add',
      detail: { email, role: input.role, from: existing?.role ?? null, reason: input.reason ?? null },
      at: input.now,
      memberId: id,
    });
    return {
      account: { id, email, role: input.role, twoFactorEnabled: existing?.twoFactorEnabled ?? false },
      created: !existing,
      token,
    };
  });
  if (!result) return { refused: 'lastAdmin' };
  await sendOperatorWelcome(input.mail, email, input.role, result.token);
  return result;
}

/** Changes an operator's role; the change holds from their next console action. */
export async function setOperatorRole(
  db: OperatorsDb,
  input: OperatorChange & { email: string; role: ConsoleRole },
): Promise<{ account: AccountWithRole; from: ConsoleRole } | { refused: OperatorRefusal }> {
  return changeRole(db, input.email, input.role, 'operator.role', input);
}

/**
 * Demotes an operator to member: their console sessions end (their member sessions stay) and their
 * second factor is forgotten, so they sign in to the portal as any member does. Added again, they
 * enrol anew.
 */
export async function removeOperator(
  db: OperatorsDb,
  input: OperatorChange & { email: string },
): Promise<{ account: AccountWithRole; from: ConsoleRole; sessionsEnded: number } | { refused: OperatorRefusal }> {
  const changed = await changeRole(db, input.email, MEMBER_ROLE, 'operator.remove', input);
  if ('refused' in changed) return changed;
  const sessionsEnded = await endConsoleSessionsOf(db, changed.account.id);
  await clearSecondFactor(db, changed.account.id, input.now);
  return { account: { ...changed.account, twoFactorEnabled: false }, from: changed.from, sessionsEnded };
}

async function changeRole(
  db: OperatorsDb,
  rawEmail: string,
  role: string,
  action: string,
  change: OperatorChange,
): Promise<{ account: AccountWithRole; from: ConsoleRole } | { refused: OperatorRefusal }> {
  const email = rawEmail.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const account = await accountWithRoleByEmail(trx, email);
    if (!account || !isConsoleRole(account.role)) return { refused: 'noSuchOperator' as const };
    if (account.role === 'admin' && role !== 'admin' && (await usableAdminCount(trx, account.id)) === 0)
      return { refused: 'lastAdmin' as const };
    if (isConsoleRole(role)) await setRole(trx, account.id, role, change);
    else await endRole(trx, account.id, change);
    await writeAudit(trx, {
      actor: change.actor,
      action,
      detail: { email, from: account.role, to: role, reason: change.reason ?? null },
      at: change.now,
      memberId: account.id,
    });
    return { account: { ...account, role }, from: account.role };
  });
}

// ── Grant caps ───────────────────────────────────────────────────────────────────────────────

/** Until an admin sets one: admins grant without a cap, support up to this, the others not at all. */
export const DEFAULT_GRANT_CAPS: Readonly<Record<ConsoleRole, number | null>> = {
  admin: null,
  moderator: 0,
  support: 1000,
  viewer: 0,
};

/**
 * The largest amount (points or tickets) one grant by an operator of `role` may give; null: no
 * cap. The grant lever answers CONSOLE_GRANT_OVER_CAP above it.
 */
export async function grantCapFor(db: OperatorsDb, role: ConsoleRole): Promise<number | null> {
  const row = await db
    .selectFrom('operator_grant_cap')
    .select('max_amount')
    .where('role', '=', role)
    .executeTakeFirst();
  if (!row) return DEFAULT_GRANT_CAPS[role];
  return row.max_amount === null ? null : Number(row.max_amount);
}

/** Every role's cap, in the roles' order. */
export async function grantCaps(db: OperatorsDb): Promise<Array<{ role: ConsoleRole; maxAmount: number | null }>> {
  const caps = [];
  for (const role of CONSOLE_ROLES) caps.push({ role, maxAmount: await grantCapFor(db, role) });
  return caps;
}

/** Sets a role's per-grant cap (null: none). */
export async function setGrantCap(
  db: OperatorsDb,
  input: OperatorChange & { role: ConsoleRole; maxAmount: number | null },
): Promise<{ from: number | null }> {
  return db.transaction().execute(async (trx) => {
    const from = await grantCapFor(trx, input.role);
    await trx
      .insertInto('operator_grant_cap')
      .values({ role: input.role, max_amount: input.maxAmount, updated_at: input.now, updated_by: input.actor })
      .onConflict((oc) =>
        oc.column('role').doUpdateSet({ max_amount: input.maxAmount, updated_at: input.now, updated_by: input.actor }),
      )
      .execute();
    await writeAudit(trx, {
      actor: input.actor,
      action: 'operator.grantCap',
      detail: { role: input.role, from, to: input.maxAmount, reason: input.reason ?? null },
      at: input.now,
    });
    return { from };
  });
}
