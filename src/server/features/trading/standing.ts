import { ErrorCode } from '../../../protocol/errors';
import { type TradeStanding, tradeStanding } from '../identity/index';
import { TradeRefusal } from './refusal';
import type { TradingDb } from './tables';
import type { TradingVars } from './vars';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A sign-in from a new device this recent holds the member's trades (Steam's lesson). */
export const NEW_DEVICE_WINDOW_MS = 7 * DAY_MS;
/** A receiver registered this recently gets a warning on the offer. */
export const NEW_ACCOUNT_WARNING_MS = 30 * DAY_MS;

/** The member's standing, refused when they may not trade: `who` names them in the sentence ('You', '@bob'). */
export async function tradingMember(
  db: TradingDb,
  userId: string,
  who: 'me' | 'them',
  vars: TradingVars,
  now: number,
): Promise<TradeStanding> {
  const standing = await tradeStanding(db, userId, now);
  if (!standing) throw new TradeRefusal(ErrorCode.NOT_FOUND, 'There is no such member.');
  const subject = who === 'me' ? 'You' : `@${standing.username}`;
  if (standing.banned) {
    throw new TradeRefusal(
      ErrorCode.TRADE_NOT_ALLOWED,
      who === 'me' ? 'A banned account cannot trade.' : `${subject} cannot trade right now.`,
    );
  }
  if (!standing.verified) {
    throw new TradeRefusal(
      ErrorCode.TRADE_NOT_ALLOWED,
      who === 'me'
        ? 'Please verify your email address before trading.'
        : `${subject} has not verified their email address yet, so they cannot trade.`,
    );
  }
  const readyAt = standing.registeredAt + vars.minAccountDays * DAY_MS;
  if (now < readyAt) {
    const days = Math.ceil((readyAt - now) / DAY_MS);
    throw new TradeRefusal(
      ErrorCode.TRADE_NOT_ALLOWED,
      `${who === 'me' ? 'Your account is' : `${subject}’s account is`} new: trading opens ${vars.minAccountDays} days after registration, in ${days} day${days === 1 ? '' : 's'}.`,
    );
  }
  return standing;
}

/**
 * Why a trade between these two is held before its items move, or null when it is not: a side
 * without two-factor, or one that signed in from a new device in the last 7 days. The sentence
 * also says how to avoid holds.
 */
export function holdReason(
  sides: readonly [TradeStanding, TradeStanding],
  vars: TradingVars,
  now: number,
): string | null {
  if (vars.holdHours <= 0) return null;
  const reasons = sides.flatMap((side) => {
    const who = `@${side.username}`;
    const found: string[] = [];
    if (!side.twoFactor) found.push(`${who} has no two-factor sign-in`);
    if (side.lastNewDeviceAt !== null && side.lastNewDeviceAt > now - NEW_DEVICE_WINDOW_MS)
      found.push(`${who} signed in from a new device in the last 7 days`);
    return found;
  });
  if (reasons.length === 0) return null;
  return `Held for ${vars.holdHours} hours because ${reasons.join(' and ')}. Either side may cancel during the hold. To trade without holds, both sides turn on two-factor sign-in in Account and wait 7 days after signing in on a new device.`;
}
