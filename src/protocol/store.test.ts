import { describe, expect, it } from 'vitest';
import { ErrorCode } from './errors';
import { availability, purchaseRefusal, remainingForMember } from './store';

const item = {
  iAvailableFrom: null as number | null,
  iAvailableUntil: null as number | null,
  iStockLeft: 5 as number | null,
  iLimit: 2,
  iBought: 0,
  iPrice: 100,
};
const member = { points: 250, open: true, now: 1_000 };

describe('store rules', () => {
  it('judges the window: upcoming before it opens, ended from its end on', () => {
    expect(availability({ iAvailableFrom: 2_000, iAvailableUntil: null }, 1_999)).toBe('upcoming');
    expect(availability({ iAvailableFrom: 2_000, iAvailableUntil: 3_000 }, 2_000)).toBe('available');
    expect(availability({ iAvailableFrom: null, iAvailableUntil: 3_000 }, 3_000)).toBe('ended');
  });

  it('leaves a member the lower of their limit left and the stock left', () => {
    expect(remainingForMember({ iLimit: 2, iBought: 0, iStockLeft: null })).toBe(2);
    expect(remainingForMember({ iLimit: 2, iBought: 1, iStockLeft: 5 })).toBe(1);
    expect(remainingForMember({ iLimit: 5, iBought: 1, iStockLeft: 2 })).toBe(2);
    expect(remainingForMember({ iLimit: 2, iBought: 3, iStockLeft: 0 })).toBe(0);
  });

  it('names the refusal in the order the server checks', () => {
    expect(purchaseRefusal(item, member)).toBeNull();
    expect(purchaseRefusal(item, { ...member, open: false })).toBe(ErrorCode.STORE_CLOSED);
    expect(purchaseRefusal({ ...item, iAvailableFrom: 5_000 }, member)).toBe(ErrorCode.NOT_ON_SALE_YET);
    expect(purchaseRefusal({ ...item, iAvailableUntil: 500 }, member)).toBe(ErrorCode.NO_LONGER_ON_SALE);
    expect(purchaseRefusal({ ...item, iStockLeft: 0, iBought: 2 }, member)).toBe(ErrorCode.SOLD_OUT);
    expect(purchaseRefusal({ ...item, iStockLeft: 1 }, { ...member, quantity: 2 })).toBe(ErrorCode.SOLD_OUT);
    expect(purchaseRefusal({ ...item, iBought: 2 }, member)).toBe(ErrorCode.PURCHASE_LIMIT_REACHED);
    expect(purchaseRefusal(item, { ...member, points: 99 })).toBe(ErrorCode.NOT_ENOUGH_POINTS);
    expect(purchaseRefusal(item, { ...member, quantity: 2, points: 199 })).toBe(ErrorCode.NOT_ENOUGH_POINTS);
    expect(purchaseRefusal({ ...item, iStockLeft: null }, { ...member, quantity: 2 })).toBeNull();
  });
});
