import { inTransaction } from '../../shared/transaction';
import { transferItem } from '../collectibles/index';
import { changeBalance, insertLedgerRow, LedgerError, lineKey, setLedgerItem } from './ledger';
import type { RewardsDb } from './tables';

/**
 * Two members exchange points and collectibles (a trade or a gift, issue 39) in one transaction,
 * through the ledger: each movement is a pair of rows, minus for the giver and plus for the
 * receiver, so both statements show it and every member's ledger still sums to their balance.
 * The exchange's key claims it (its first row): applying it again changes nothing.
 */
export interface ExchangeSide {
  userId: string;
  /** The ledger reason on this member's rows ("Trade with @bob"). */
  reason: string;
  /** Points this member gives the other. */
  points: number;
  /** Public ids of the items this member gives the other. */
  itemPublicIds: readonly string[];
}

export interface Exchange {
  key: string;
  now: number;
  sides: readonly [ExchangeSide, ExchangeSide];
}

/**
 * Applies the exchange; false when its key was applied before (nothing changed). Throws
 * LedgerError 'not-enough' (a giver lacks the points) or 'item-moved' (a giver no longer holds an
 * item), and the whole transaction rolls back.
 */
export function applyExchange(db: RewardsDb, exchange: Exchange): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    let index = 0;
    const row = async (userId: string, reason: string, asset: 'points' | 'item', amount: number) => {
      const id = await insertLedgerRow(trx, {
        userId,
        asset,
        amount,
        idemKey: lineKey(exchange.key, index),
        reason,
        now: exchange.now,
      });
      index++;
      return id;
    };
    for (const [giverIndex, giver] of exchange.sides.entries()) {
      const taker = exchange.sides[1 - giverIndex] as ExchangeSide;
      if (giver.points > 0) {
        const claimed = await row(giver.userId, giver.reason, 'points', -giver.points);
        if (claimed === null) {
          if (index === 1) return false;
          throw new Error(`Ledger key ${lineKey(exchange.key, index - 1)} exists without its exchange`);
        }
        await changeBalance(trx, giver.userId, 'points', -giver.points, exchange.now);
        await row(taker.userId, taker.reason, 'points', giver.points);
        await changeBalance(trx, taker.userId, 'points', giver.points, exchange.now);
      }
      for (const publicId of giver.itemPublicIds) {
        const out = await row(giver.userId, giver.reason, 'item', -1);
        if (out === null) {
          if (index === 1) return false;
          throw new Error(`Ledger key ${lineKey(exchange.key, index - 1)} exists without its exchange`);
        }
        const itemId = await transferItem(trx, { publicId, fromUserId: giver.userId, toUserId: taker.userId });
        if (itemId === null) throw new LedgerError('item-moved', `The member no longer holds item ${publicId}`);
        await setLedgerItem(trx, out, itemId);
        const into = await row(taker.userId, taker.reason, 'item', 1);
        if (into !== null) await setLedgerItem(trx, into, itemId);
      }
    }
    if (index === 0) throw new Error('An exchange that moves nothing');
    return true;
  });
}
