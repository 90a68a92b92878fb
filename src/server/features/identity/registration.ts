import type { z } from 'zod';
import { ErrorCode } from '../../../protocol/errors';
import { REFERRAL_CODE_LENGTH } from '../../../protocol/identity';
import type { registerUserInput } from '../../../protocol/identity.schema';
import type { AppContext, MemberRegistered, SessionUser } from '../../capability';
import { getFlags } from '../maintenance/index';
import { authenticateGuest, claimGuest } from './guests';
import { consumeInvite, generateCode, isExpired } from './invites';
import type { IdentityDb, IdentityTables } from './tables';
import { isUsernameTaken } from './usernames';

type ReferralProblem = MemberRegistered['referralProblem'];

export type RegistrationInput = z.infer<typeof registerUserInput>;

/** Success, or the iErrorCode that refused it (USERNAME_TAKEN, INVALID_CODE, INVITE_EXPIRED, INVITE_ONLY, EMAIL_MISMATCH). */
export type RegistrationOutcome = { ok: true } | { ok: false; code: number };

/** Thrown inside the transaction to roll it back (the invite use with it) and answer a code. */
class Refused extends Error {
  constructor(readonly code: number) {
    super(`registration refused: ${code}`);
  }
}

/** The account won a race against itself (two registerUser calls at once): answer like a retry. */
class AlreadyRegistered extends Error {}

/** A fresh referral code collided with one committed meanwhile (about 1 in 10^12): try again. */
class ReferralCodeCollision extends Error {}

/**
 * registerUser (docs/product.md §10). Creates the member profile, takes an invite use, resolves
 * the referral and claims the guest, then tells every capability (ctx.memberRegistered: the
 * registration rewards), all in one transaction.
 * A second call for a registered account is a retry: it changes nothing and answers success,
 * except that a new referral code counts as a second use (referralProblem 'used').
 */
export async function registerMember(
  deps: AppContext<IdentityTables>,
  account: SessionUser,
  input: RegistrationInput,
): Promise<RegistrationOutcome> {
  const { db } = deps;
  const now = deps.clock.now();
  if (await memberExists(db, account.id)) return repeatRegistration(deps, account.id, input, now);
  if (await isUsernameTaken(db, input.sUserName)) return refused(ErrorCode.USERNAME_TAKEN);

  const { inviteOnly } = await getFlags(db);
  // Password hashing (~50 ms) runs before the transaction so it never holds the database.
  const guestId =
    input.iGuestUserID !== null ? await authenticateGuest(db, input.iGuestUserID, input.sGuestPassword) : null;

  for (let attempt = 0; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        if (input.sCode) await takeInvite(trx, input.sCode, account.email, now);
        else if (inviteOnly) throw new Refused(ErrorCode.INVITE_ONLY);

        const referral = await resolveReferral(trx, input.sReferredByCode);
        await insertMember(trx, account, input, referral.referrerUserId, now);
        const guest = guestId !== null ? await claimGuest(trx, guestId, account.id) : null;
        await deps.memberRegistered(trx, {
          userId: account.id,
          referrerUserId: referral.referrerUserId,
          referralProblem: referral.problem,
          guestBeatDemo: guest?.beatDemo ?? false,
          guestId: guest ? guestId : null,
          now,
        });
      });
      return { ok: true };
    } catch (error) {
      if (error instanceof Refused) return refused(error.code);
      if (error instanceof AlreadyRegistered) return repeatRegistration(deps, account.id, input, now);
      if (error instanceof ReferralCodeCollision && attempt < 3) continue;
      throw error;
    }
  }
}

const refused = (code: number): RegistrationOutcome => ({ ok: false, code });

async function memberExists(db: IdentityDb, userId: string): Promise<boolean> {
  return (
    (await db.selectFrom('member').select('user_id').where('user_id', '=', userId).executeTakeFirst()) !== undefined
  );
}

async function takeInvite(trx: IdentityDb, code: string, accountEmail: string, now: number): Promise<void> {
  const invite = await trx
    .selectFrom('invite_code')
    .select(['email', 'expires_at'])
    .where('code', '=', code)
    .executeTakeFirst();
  if (!invite) throw new Refused(ErrorCode.INVALID_CODE);
  if (isExpired(invite, now)) throw new Refused(ErrorCode.INVITE_EXPIRED);
  if (invite.email && invite.email !== accountEmail.toLowerCase()) throw new Refused(ErrorCode.EMAIL_MISMATCH);
  if (!(await consumeInvite(trx, code))) throw new Refused(ErrorCode.INVALID_CODE);
}

async function resolveReferral(
  trx: IdentityDb,
  code: string,
): Promise<{ referrerUserId: string | null; problem: ReferralProblem }> {
  if (!code) return { referrerUserId: null, problem: null };
  const referrer = await trx
    .selectFrom('member')
    .select('user_id')
    .where('referral_code', '=', code)
    .executeTakeFirst();
  return referrer ? { referrerUserId: referrer.user_id, problem: null } : { referrerUserId: null, problem: 'invalid' };
}

/**
 * Inserts the profile; ON CONFLICT DO NOTHING keeps a PostgreSQL transaction usable after a
 * unique clash (a plain INSERT would abort it), and then we look up which key clashed.
 */
async function insertMember(
  trx: IdentityDb,
  account: SessionUser,
  input: RegistrationInput,
  referrerUserId: string | null,
  now: number,
): Promise<void> {
  const inserted = await trx
    .insertInto('member')
    .values({
      user_id: account.id,
      username: input.sUserName,
      username_lower: input.sUserName.toLowerCase(),
      referral_code: generateCode(REFERRAL_CODE_LENGTH),
      subscribe: input.bSubscribe ? 1 : 0,
      invite_code: input.sCode || null,
      referred_by_code: input.sReferredByCode || null,
      referred_by_user_id: referrerUserId,
      verified_at: account.emailVerified ? now : null,
      created_at: now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('user_id')
    .executeTakeFirst();
  if (inserted) return;
  if (await memberExists(trx, account.id)) throw new AlreadyRegistered();
  if (await isUsernameTaken(trx, input.sUserName)) throw new Refused(ErrorCode.USERNAME_TAKEN);
  throw new ReferralCodeCollision();
}

/** A registerUser call for an account that already has a profile. */
async function repeatRegistration(
  deps: AppContext<IdentityTables>,
  userId: string,
  input: RegistrationInput,
  now: number,
): Promise<RegistrationOutcome> {
  const { db } = deps;
  const member = await db
    .selectFrom('member')
    .select('referred_by_code')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const secondReferral = input.sReferredByCode !== '' && input.sReferredByCode !== member.referred_by_code;
  if (secondReferral) {
    // Registration grants are idempotent by key; this call only adds the "already used" notice.
    await db.transaction().execute((trx) =>
      deps.memberRegistered(trx, {
        userId,
        referrerUserId: null,
        referralProblem: 'used',
        guestBeatDemo: false,
        now,
      }),
    );
  }
  return { ok: true };
}
