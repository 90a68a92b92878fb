import type { Kysely } from 'kysely';
import type { IdentityUserData, UserData } from '../../../protocol/identity';
import type { RewardsUserData } from '../../../protocol/rewards';
import { memberRewardsData } from '../../core/rewards/index';
import type { Database } from '../../db/schema';

/** Better Auth stores booleans as 0/1 on SQLite and as booleans on PostgreSQL. */
export const isTrue = (value: boolean | number | null | undefined) => value === true || value === 1;

/** The account's verified flag, read fresh from Better Auth's user table. */
export async function isAccountVerified(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user').select('emailVerified').where('id', '=', userId).executeTakeFirst();
  return isTrue(row?.emailVerified);
}

/**
 * pUserData of SPEC §3: the identity part merged with the member core's rewards part.
 * Null when the account has no member profile yet. Used by registerUser and getUserData.
 */
export async function buildUserData(db: Kysely<Database>, userId: string, now: number): Promise<UserData | null> {
  const row = await db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.user_id')
    .leftJoin('member as referrer', 'referrer.user_id', 'member.referred_by_user_id')
    .select([
      'member.username',
      'member.referral_code',
      'member.subscribe',
      'user.email',
      'user.emailVerified',
      'referrer.username as referrer_username',
    ])
    .where('member.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const identity: IdentityUserData = {
    bVerified: isTrue(row.emailVerified),
    sUserName: row.username,
    sEmail: row.email,
    sReferralCode: row.referral_code,
    bSubscribe: row.subscribe === 1,
    pReferredByUserName: row.referrer_username ?? null,
    bInWhitelist: false,
  };
  // The member core's function is typed loosely (Record<string, unknown>); its protocol type names the fields.
  const rewards = (await memberRewardsData(db, userId, now)) as RewardsUserData;
  return { ...rewards, ...identity };
}
