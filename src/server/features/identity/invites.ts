import { randomInt } from 'node:crypto';
import { MAX_INVITE_BATCH } from '../../../protocol/consoleInvites';
import { ErrorCode } from '../../../protocol/errors';
import { CODE_ALPHABET, normalizeCode } from '../../../protocol/identity';
import { writeAudit } from '../../shared/audit';
import { IDS_PER_LIST } from '../../shared/batches';
import type { IdentityDb, InviteCodeTable } from './tables';

/** Invite codes (docs/product.md §10): made by operators, each with a use limit, optionally bound to an email. */
export const INVITE_CODE_LENGTH = 10;

/** A random code of the unambiguous alphabet (crypto-strong). */
export function generateCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export type InviteRow = InviteCodeTable;

/** Whether a code can register someone now: not revoked, not used up, not expired. */
const usable = (invite: Pick<InviteRow, 'uses' | 'max_uses' | 'revoked' | 'expires_at'>, now: number) =>
  invite.revoked === 0 && invite.uses < invite.max_uses && !isExpired(invite, now);

export const isExpired = (invite: Pick<InviteRow, 'expires_at'>, now: number) =>
  invite.expires_at !== null && Number(invite.expires_at) <= now;

/**
 * The bound email of a code that can still be used ('' when unbound), or why it cannot:
 * INVITE_EXPIRED for a code past its expiry, INVALID_CODE for any other (unknown, revoked, used up).
 */
export async function usableInviteEmail(
  db: IdentityDb,
  code: string,
  now: number,
): Promise<{ email: string } | { refused: number }> {
  const invite = code
    ? await db
        .selectFrom('invite_code')
        .select(['email', 'uses', 'max_uses', 'revoked', 'expires_at'])
        .where('code', '=', normalizeCode(code))
        .executeTakeFirst()
    : undefined;
  if (invite === undefined) return { refused: ErrorCode.INVALID_CODE };
  if (usable(invite, now)) return { email: invite.email ?? '' };
  const expiredOnly = invite.revoked === 0 && invite.uses < invite.max_uses;
  return { refused: expiredOnly ? ErrorCode.INVITE_EXPIRED : ErrorCode.INVALID_CODE };
}

/**
 * Takes one use of a code. The WHERE re-checks the limit in the UPDATE itself, so concurrent
 * registrations can never take more than max_uses (PostgreSQL re-evaluates it after a row lock).
 */
export async function consumeInvite(trx: IdentityDb, code: string): Promise<boolean> {
  const result = await trx
    .updateTable('invite_code')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('code', '=', normalizeCode(code))
    .where('revoked', '=', 0)
    .where((eb) => eb('uses', '<', eb.ref('max_uses')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface NewInvites {
  /** How many codes (a batch); 1 by default. */
  count?: number;
  maxUses: number;
  email: string | null;
  /** Epoch ms; null: the codes never expire. */
  expiresAt?: number | null;
  actor: string;
  /** Why (the console asks; the CLI's --reason): kept in the audit row when given. */
  reason?: string;
  now: number;
}

export { MAX_INVITE_BATCH };

/**
 * Makes `count` codes in one transaction, one `invite.create` audit row each (the CLI's
 * `invite create` and the console's inviteCreate). 'expiry-past' when the expiry is not in the future.
 */
export async function createInvites(db: IdentityDb, opts: NewInvites): Promise<string[] | 'expiry-past'> {
  const email = opts.email?.trim().toLowerCase() || null;
  const expiresAt = opts.expiresAt ?? null;
  if (expiresAt !== null && expiresAt <= opts.now) return 'expiry-past';
  const count = Math.min(Math.max(opts.count ?? 1, 1), MAX_INVITE_BATCH);
  return db.transaction().execute(async (trx) => {
    const codes: string[] = [];
    while (codes.length < count) {
      const code = generateCode(INVITE_CODE_LENGTH);
      const inserted = await trx
        .insertInto('invite_code')
        .values({
          code,
          max_uses: opts.maxUses,
          uses: 0,
          email,
          revoked: 0,
          created_at: opts.now,
          created_by: opts.actor,
          expires_at: expiresAt,
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code')
        .executeTakeFirst();
      if (!inserted) continue; // a 1-in-10^14 collision: draw again
      await writeAudit(trx, {
        actor: opts.actor,
        action: 'invite.create',
        detail: {
          code,
          maxUses: opts.maxUses,
          email,
          ...(expiresAt !== null ? { expiresAt } : {}),
          ...(opts.reason ? { reason: opts.reason } : {}),
        },
        at: opts.now,
      });
      codes.push(code);
    }
    return codes;
  });
}

/** One code (tests and older callers): createInvites with a count of 1. */
export async function createInvite(
  db: IdentityDb,
  opts: Omit<NewInvites, 'count' | 'expiresAt'> & { expiresAt?: number | null },
): Promise<string> {
  const codes = await createInvites(db, { ...opts, count: 1 });
  if (codes === 'expiry-past') throw new Error('An invite must expire in the future');
  return codes[0] as string;
}

/** Newest first, a page at a time (`offset`, `limit`). */
export function listInvites(
  db: IdentityDb,
  page: { limit: number; offset?: number } = { limit: 200 },
): Promise<InviteRow[]> {
  return db
    .selectFrom('invite_code')
    .select(['code', 'max_uses', 'uses', 'email', 'revoked', 'created_at', 'created_by', 'expires_at'])
    .orderBy('created_at', 'desc')
    .orderBy('code')
    .limit(page.limit)
    .offset(page.offset ?? 0)
    .execute();
}

/** The usernames of the members who registered with each code (at most `perCode` each; the count is `uses`). */
export async function inviteUsers(
  db: IdentityDb,
  codes: readonly string[],
  perCode = 5,
): Promise<Map<string, string[]>> {
  const byCode = new Map<string, string[]>(codes.map((code) => [code, []]));
  // In chunks: an export names thousands of codes, more than one statement's parameters may hold.
  for (let start = 0; start < codes.length; start += IDS_PER_LIST) {
    const rows = await db
      .selectFrom('member')
      .select(['invite_code', 'username'])
      .where('invite_code', 'in', codes.slice(start, start + IDS_PER_LIST))
      .orderBy('created_at')
      .execute();
    for (const row of rows) {
      const users = row.invite_code === null ? undefined : byCode.get(row.invite_code);
      if (users && users.length < perCode) users.push(row.username);
    }
  }
  return byCode;
}

/** The state an operator reads: usable, used up, expired or revoked. */
export function inviteState(invite: InviteRow, now: number): 'usable' | 'used up' | 'expired' | 'revoked' {
  if (invite.revoked) return 'revoked';
  if (invite.uses >= invite.max_uses) return 'used up';
  return isExpired(invite, now) ? 'expired' : 'usable';
}

/** Revokes a code; false when there is no such code. */
export async function revokeInvite(
  db: IdentityDb,
  opts: { code: string; actor: string; reason?: string; now: number },
): Promise<boolean> {
  const code = normalizeCode(opts.code);
  return db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('invite_code').set({ revoked: 1 }).where('code', '=', code).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await writeAudit(trx, {
      actor: opts.actor,
      action: 'invite.revoke',
      detail: { code, ...(opts.reason ? { reason: opts.reason } : {}) },
      at: opts.now,
    });
    return true;
  });
}
