import type { IdentityUserData } from '../../../protocol/identity';
import { prepared } from '../../shared/prepared';
import type { IdentityDb } from './tables';

/** Better Auth stores booleans as 0/1 on SQLite and as booleans on PostgreSQL. */
export const isTrue = (value: boolean | number | null | undefined) => value === true || value === 1;

/** The account's verified flag, read fresh from Better Auth's user table. */
export async function isAccountVerified(db: IdentityDb, userId: string): Promise<boolean> {
  const row = await db.selectFrom('user').select('emailVerified').where('id', '=', userId).executeTakeFirst();
  return isTrue(row?.emailVerified);
}

const memberProfile = prepared((db: IdentityDb, userId: string) =>
  db
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
    .where('member.user_id', '=', userId),
);

/** The identity part of pUserData; null when the account has no member profile yet. */
export async function identityUserData(db: IdentityDb, userId: string): Promise<IdentityUserData | null> {
  const [row] = await memberProfile(db, userId);
  if (!row) return null;
  return {
    bVerified: isTrue(row.emailVerified),
    sUserName: row.username,
    sEmail: row.email,
    sReferralCode: row.referral_code,
    bSubscribe: row.subscribe === 1,
    pReferredByUserName: row.referrer_username ?? null,
  };
}
