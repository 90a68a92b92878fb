import { describe, expect, it } from 'vitest';
import type { RaffleDetail, RaffleProofAnswer } from '../../../../protocol/raffle';
import { commitment, drawWinners, merkleProof, merkleRoot } from '../../../../protocol/raffleDraw';
import { allPassed, verifyRaffle } from './verification';

const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const entries = [
  { sEntrantID: '0f3c9a1be2d47c85', iTickets: 5 },
  { sEntrantID: '3b7e0d52a9c1f468', iTickets: 1 },
  { sEntrantID: '8a41c6f0e97b2d13', iTickets: 10 },
  { sEntrantID: 'c5d2e8a7103f9b64', iTickets: 3 },
];
const root = merkleRoot(entries);
const winners = drawWinners({ entries, seedHex: seed, prizes: 2 });
const prize = (sPrizeID: string) => ({
  sPrizeID,
  sKind: 'points' as const,
  sName: '',
  sTemplateID: '',
  iAmount: 1,
  iQuantity: 1,
  sImage: '',
});

const raffle: RaffleDetail = {
  iRaffleID: 1,
  sTitle: 'Worked example',
  sStatus: 'drawn',
  iOpensAt: 0,
  iClosesAt: 1,
  iDrawnAt: 2,
  iEntrantCount: 4,
  iTicketTotal: 19,
  aPrizes: [prize('golden-agent'), prize('ticket-pack')],
  aWinners: winners.map((w, i) => ({
    ...w,
    sUserName: `u${i}`,
    sPrizeID: i === 0 ? 'golden-agent' : 'ticket-pack',
    bYou: false,
  })),
  iYourTickets: 10,
  sCommitment: commitment(seed),
  sRoot: root,
  sSeed: seed,
  pBeacon: null,
  pYourEntry: entries[2] ?? null,
};
const proof: RaffleProofAnswer = {
  iErrorCode: 0,
  sRoot: root,
  pEntry: entries[2] as (typeof entries)[number],
  pProof: merkleProof(entries, '8a41c6f0e97b2d13'),
};

describe('the Verify panel', () => {
  it('passes every check of the docs/raffle-draw.md worked example, in reading order', () => {
    const checks = verifyRaffle({ raffle, entries, proof });
    expect(checks.map((c) => [c.id, c.bPassed])).toEqual([
      ['commitment', true],
      ['own-entry', true],
      ['entries', true],
      ['root', true],
      ['winners', true],
      ['prizes', true],
    ]);
    expect(raffle.aWinners.map((w) => w.sEntrantID)).toEqual(['8a41c6f0e97b2d13', '0f3c9a1be2d47c85']);
    expect(allPassed(checks)).toBe(true);
  });

  it('fails the root and the replay when one published entry is changed', () => {
    const tampered = entries.map((e, i) => (i === 3 ? { ...e, iTickets: 30 } : e));
    const checks = verifyRaffle({ raffle, entries: tampered, proof });
    expect(checks.filter((c) => !c.bPassed).map((c) => c.id)).toEqual(['root', 'winners']);
    expect(allPassed(checks)).toBe(false);
  });

  it('fails the seed check for a seed other than the committed one, and the own-entry check for a bad path', () => {
    const otherSeed = { ...raffle, sSeed: 'ff'.repeat(32) };
    expect(verifyRaffle({ raffle: otherSeed, entries, proof }).find((c) => c.id === 'commitment')?.bPassed).toBe(false);
    const badProof = { ...proof, pEntry: { ...proof.pEntry, iTickets: 11 } };
    expect(verifyRaffle({ raffle, entries, proof: badProof }).find((c) => c.id === 'own-entry')?.bPassed).toBe(false);
  });

  it('skips the own-entry check for a member who did not enter, and fails a beacon draw without a verifier', () => {
    const checks = verifyRaffle({ raffle: { ...raffle, pYourEntry: null }, entries, proof: null });
    expect(checks.find((c) => c.id === 'own-entry')).toMatchObject({ bApplies: false, bPassed: true });
    const beacon = {
      ...raffle,
      pBeacon: { iRound: 1000, iRoundAt: 0, sSignature: 'ab', sRandomness: 'cd'.repeat(32) },
    };
    expect(verifyRaffle({ raffle: beacon, entries, proof }).find((c) => c.id === 'beacon')?.bPassed).toBe(false);
  });
});
