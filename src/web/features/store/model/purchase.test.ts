import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../../protocol/errors';
import type { StoreItemView } from '../../../../protocol/store';
import { limitLabel, quantityChoices, stockLabel, windowLabel } from './labels';
import { balanceAfter, initialPurchase, type PurchaseEvent, type PurchaseState, purchaseReducer } from './purchase';

const run = (events: PurchaseEvent[], from: PurchaseState = initialPurchase) => events.reduce(purchaseReducer, from);

describe('the purchase machine', () => {
  it('goes item → confirmation → done, dropping the key once answered', () => {
    const state = run([
      { type: 'buy', freshKey: 'k1' },
      { type: 'send' },
      { type: 'answered', answer: { iErrorCode: 0, iPoints: 50 } },
    ]);
    expect(state).toEqual({ step: 'done', key: null, answer: { iErrorCode: 0, iPoints: 50 } });
  });

  it('keeps the key when the server could not be reached, so trying again cannot buy twice', () => {
    const unreachable = run([{ type: 'buy', freshKey: 'k1' }, { type: 'send' }, { type: 'answered', answer: null }]);
    expect(unreachable).toEqual({ step: 'unreachable', key: 'k1' });
    expect(run([{ type: 'send' }], unreachable)).toEqual({ step: 'buying', key: 'k1' });
    // Backing out and buying again is still the same purchase.
    expect(run([{ type: 'back' }, { type: 'buy', freshKey: 'k2' }], unreachable)).toEqual({
      step: 'confirm',
      key: 'k1',
    });
  });

  it('a refusal keeps its sentence, and a new attempt gets a new key', () => {
    const refused = run([
      { type: 'buy', freshKey: 'k1' },
      { type: 'send' },
      { type: 'answered', answer: { iErrorCode: ErrorCode.SOLD_OUT } },
    ]);
    expect(refused).toEqual({
      step: 'refused',
      key: null,
      code: ErrorCode.SOLD_OUT,
      message: 'Sorry, this item is sold out.',
    });
    expect(run([{ type: 'back' }, { type: 'buy', freshKey: 'k2' }], refused)).toEqual({ step: 'confirm', key: 'k2' });
    const told = run([
      { type: 'buy', freshKey: 'k3' },
      { type: 'send' },
      { type: 'answered', answer: { iErrorCode: 6, sMessage: 'Costs 9.' } },
    ]);
    expect(told).toMatchObject({ step: 'refused', message: 'Costs 9.' });
  });

  it('ignores a second send while one is under way, and a back while buying', () => {
    const buying = run([{ type: 'buy', freshKey: 'k1' }, { type: 'send' }]);
    expect(run([{ type: 'send' }], buying)).toBe(buying);
    expect(run([{ type: 'back' }], buying)).toBe(buying);
  });

  it('computes the balance after', () => {
    expect(balanceAfter(500, { iPrice: 150 }, 2)).toBe(200);
  });
});

const item: StoreItemView = {
  sStoreItemID: 'x',
  sKind: 'tickets',
  sName: 'X',
  sDescription: '',
  sImage: '',
  iPrice: 10,
  iTickets: 3,
  sTemplateID: null,
  iStockLeft: 4,
  iLimit: 2,
  iBought: 0,
  iAvailableFrom: null,
  iAvailableUntil: null,
};

describe('catalogue words', () => {
  it('says stock, limit and window plainly', () => {
    expect(stockLabel(item)).toBe('4 left');
    expect(stockLabel({ iStockLeft: 0 })).toBe('Sold out');
    expect(stockLabel({ iStockLeft: null })).toBe('Unlimited');
    expect(limitLabel(item)).toBe('Up to 2 per member');
    expect(limitLabel({ iLimit: 2, iBought: 1 })).toBe('You may buy 1 more of 2');
    expect(limitLabel({ iLimit: 2, iBought: 2 })).toBe('You have bought 2 of 2: the limit');
    expect(windowLabel({ iAvailableFrom: Date.UTC(2030, 0, 2, 9), iAvailableUntil: null }, 0)).toMatch(
      /^On sale from 2 Jan 2030/,
    );
    expect(windowLabel(item, 0)).toBeNull();
  });

  it('offers quantities up to what the member may still buy', () => {
    expect(quantityChoices(item, 10)).toBe(2);
    expect(quantityChoices({ ...item, iLimit: 50, iStockLeft: null }, 10)).toBe(10);
    expect(quantityChoices({ ...item, iBought: 2 }, 10)).toBe(1);
  });
});
