import { banOfRow } from './bans';
import type { IdentityDb } from './tables';

/**
 * What trading (issue 39) asks of an account before it may trade, and whether its trades are
 * held: the member's registration time and username, verified email, a ban in force, two-factor,
 * and the last successful sign-in from a device not seen before.
 */
export interface TradeStanding {
  userId: string;
  username: string;
  registeredAt: number;
  verified: boolean;
  banned: boolean;
  twoFactor: boolean;
  lastNewDeviceAt: number | null;
}

/** The standing of a member (null for an account without a member profile). */
export async function tradeStanding(db: IdentityDb, userId: string, now: number): Promise<TradeStanding | null> {
  const row = await db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.user_id')
    .select([
      'member.user_id',
      'member.username',
      'member.created_at',
      'member.verified_at',
      'user.emailVerified',
      'user.banned',
      'user.banReason',
      'user.banExpires',
      'user.twoFactorEnabled',
    ])
    .where('member.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const newDevice = await db
    .selectFrom('sign_in_event')
    .select((eb) => eb.fn.max<number>('at').as('at'))
    .where('user_id', '=', userId)
    .where('ok', '=', 1)
    .where('new_device', '=', 1)
    .executeTakeFirst();
  return {
    userId,
    username: row.username,
    registeredAt: Number(row.created_at),
    verified: row.verified_at !== null || Boolean(row.emailVerified),
    banned: banOfRow(row, now) !== null,
    twoFactor: Boolean(row.twoFactorEnabled),
    lastNewDeviceAt: newDevice?.at == null ? null : Number(newDevice.at),
  };
}
