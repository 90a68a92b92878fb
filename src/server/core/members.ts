import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CODE_ALPHABET, normalizeCode } from '../../protocol/identity';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Database } from '../db/schema';
import type { InviteCodeTable } from '../db/tables/identity';
import { writeAudit } from './audit';

/**
 * Membership rules shared by the identity feature, the operator CLI and (later) the game
 * service: invite codes, guest players, and the code alphabet.
 */
export const INVITE_CODE_LENGTH = 10;

/** A random code of the unambiguous alphabet (crypto-strong). */
export function generateCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

// ── Invite codes ─────────────────────────────────────────────────────────────────────────────

export type InviteRow = InviteCodeTable;

/** The bound email of a code that can still be used ('' when unbound), or null when it cannot. */
export async function usableInviteEmail(db: Kysely<Database>, code: string): Promise<string | null> {
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
export async function consumeInvite(trx: Kysely<Database>, code: string): Promise<boolean> {
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
  db: Kysely<Database>,
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

export function listInvites(db: Kysely<Database>, limit = 200): Promise<InviteRow[]> {
  return db
    .selectFrom('invite_code')
    .select(['code', 'max_uses', 'uses', 'email', 'revoked', 'created_at', 'created_by'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** Revokes a code; false when there is no such code. */
export async function revokeInvite(
  db: Kysely<Database>,
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

// ── Guest players ────────────────────────────────────────────────────────────────────────────

/** Creates a guest player (the game service gives its id and password to a signed-out player). */
export async function createGuestPlayer(db: Kysely<Database>, password: string, now: number): Promise<number> {
  const row = await db
    .insertInto('guest_player')
    .values({ password_hash: await hashPassword(password), beat_demo: 0, claimed_by_user_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The guest id when it exists, is unclaimed and the password matches; else null. Hashing runs outside any transaction. */
export async function authenticateGuest(db: Kysely<Database>, id: number, password: string): Promise<number | null> {
  if (!password) return null;
  const guest = await db
    .selectFrom('guest_player')
    .select('password_hash')
    .where('id', '=', id)
    .where('claimed_by_user_id', 'is', null)
    .executeTakeFirst();
  if (!guest) return null;
  return (await verifyPassword({ hash: guest.password_hash, password })) ? id : null;
}

/** Gives an unclaimed guest to a member; answers whether it had beaten the demo, or null if already claimed. */
export async function claimGuest(
  trx: Kysely<Database>,
  guestId: number,
  userId: string,
): Promise<{ beatDemo: boolean } | null> {
  const claimed = await trx
    .updateTable('guest_player')
    .set({ claimed_by_user_id: userId })
    .where('id', '=', guestId)
    .where('claimed_by_user_id', 'is', null)
    .returning('beat_demo')
    .executeTakeFirst();
  return claimed ? { beatDemo: claimed.beat_demo === 1 } : null;
}
