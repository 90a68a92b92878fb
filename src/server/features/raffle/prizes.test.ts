import { describe, expect, it } from 'vitest';
import { parsePrizeArg, prizeGrantLines } from './prizes';

describe('raffle prize arguments', () => {
  it.each([
    ['item=agent-lamplighter', { sKind: 'item', sTemplateID: 'agent-lamplighter', iQuantity: 1 }],
    ['points=250*3', { sKind: 'points', iAmount: 250, iQuantity: 3 }],
    [
      'tickets=5*10@mythopedia/elder-sign.svg',
      { sKind: 'tickets', iAmount: 5, iQuantity: 10, sImage: 'mythopedia/elder-sign.svg' },
    ],
  ])('reads %s', (text, spec) => {
    expect(parsePrizeArg(text)).toEqual(spec);
  });

  it.each(['gold=5', 'points=', 'points=0', 'points=5*0', 'tickets=abc', 'item=Bad Template'])(
    'refuses %s in words',
    (text) => {
      expect(parsePrizeArg(text)).toEqual(expect.stringContaining('Prize'));
    },
  );

  it('turns a prize into ledger lines', () => {
    const row = { position: 1, prize_id: 'prize-1', quantity: 2, name: '', image: '' };
    expect(prizeGrantLines({ ...row, kind: 'item', template_id: 'agent-lamplighter', amount: 1 })).toEqual([
      { asset: 'item', templateId: 'agent-lamplighter' },
    ]);
    expect(prizeGrantLines({ ...row, kind: 'points', template_id: null, amount: 250 })).toEqual([
      { asset: 'points', amount: 250 },
    ]);
  });
});
