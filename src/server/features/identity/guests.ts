import { hashPassword, verifyPassword } from './password';
import type { IdentityDb } from './tables';

/**
 * Guest players: a signed-out player of the game gets a guest id and password; registering with
 * them carries the guest's progress (an M1 Demo win) into the new account.
 */

/** Creates a guest player (the game service gives its id and password to a signed-out player). */
export async function createGuestPlayer(db: IdentityDb, password: string, now: number): Promise<number> {
  const row = await db
    .insertInto('guest_player')
    .values({ password_hash: await hashPassword(password), beat_demo: 0, claimed_by_user_id: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The guest id when it exists, is unclaimed and the password matches; else null. Hashing runs outside any transaction. */
export async function authenticateGuest(db: IdentityDb, id: number, password: string): Promise<number | null> {
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
  trx: IdentityDb,
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

/**
 * Records a guest's verified M1 Demo win. Answers who holds the guest now: null while it is
 * unclaimed (registering later carries the win), the member's id when one claimed it meanwhile
 * (the win is theirs); undefined when there is no such guest.
 */
export async function markGuestBeatDemo(
  trx: IdentityDb,
  guestId: number,
): Promise<{ claimedByUserId: string | null } | undefined> {
  // Conditional on "unclaimed", so a registration claiming it at the same moment is never missed:
  // whichever commits second sees the other's row.
  const marked = await trx
    .updateTable('guest_player')
    .set({ beat_demo: 1 })
    .where('id', '=', guestId)
    .where('claimed_by_user_id', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 1) return { claimedByUserId: null };
  const guest = await trx
    .selectFrom('guest_player')
    .select('claimed_by_user_id')
    .where('id', '=', guestId)
    .executeTakeFirst();
  return guest ? { claimedByUserId: guest.claimed_by_user_id } : undefined;
}
