import { randomInt } from 'node:crypto';
import { CODE_ALPHABET, normalizeCode } from '../../../protocol/identity';
import { writeAudit } from '../../shared/audit';
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

/** The bound email of a code that can still be used ('' when unbound), or null when it cannot. */
export async function usableInviteEmail(db: IdentityDb, code: string): Promise<string | null> {
  if (!code) return null;
  const invite = await db
    .selectFrom('invite_code')
    .select(['email', 'uses', 'max_uses', 'revoked'])
    .where('code', '=', normalizeCode(code))
    .executeTakeFirst();
  const usable = invite !== undefined && invite.revoked === 0 && invite.uses < invite.max_uses;
  return usable ? (invite.email ?? '') : null;
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

export async function createInvite(
  db: IdentityDb,
  opts: { maxUses: number; email: string | null; actor: string; now: number },
): Promise<string> {
  const email = opts.email?.trim().toLowerCase() || null;
  return db.transaction().execute(async (trx) => {
    for (;;) {
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
        })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code')
        .executeTakeFirst();
      if (!inserted) continue; // a 1-in-10^14 collision: draw again
      await writeAudit(trx, {
        actor: opts.actor,
        action: 'invite.create',
        detail: { code, maxUses: opts.maxUses, email },
        at: opts.now,
      });
      return code;
    }
  });
}

export function listInvites(db: IdentityDb, limit = 200): Promise<InviteRow[]> {
  return db
    .selectFrom('invite_code')
    .select(['code', 'max_uses', 'uses', 'email', 'revoked', 'created_at', 'created_by'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Revokes a code; false when there is no such code. */
export async function revokeInvite(
  db: IdentityDb,
  opts: { code: string; actor: string; now: number },
): Promise<boolean> {
  const code = normalizeCode(opts.code);
  return db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('invite_code').set({ revoked: 1 }).where('code', '=', code).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await writeAudit(trx, { actor: opts.actor, action: 'invite.revoke', detail: { code }, at: opts.now });
    return true;
  });
}
