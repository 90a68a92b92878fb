import { readFileSync } from 'node:fs';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { QUICKNET_CHAIN_INFO, verifyDrandRound } from './drand';
import {
  allChecksPassed,
  assignPrizes,
  canonicalEntries,
  commitment,
  createRandomStream,
  type DrawEntry,
  type DrawPrize,
  type DrawWinner,
  drawRandomness,
  drawWinners,
  leafHash,
  merkleProof,
  merkleRoot,
  type PublishedDraw,
  prizeUnits,
  RaffleDrawError,
  type RandomStream,
  uniformBelow,
  verifyDraw,
  verifyMerkleProof,
} from './raffleDraw';

const hashText = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

/** The worked example of docs/raffle-draw.md §9. */
const EXAMPLE = {
  seedHex: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  entries: [
    { sEntrantID: 'c5d2e8a7103f9b64', iTickets: 3 },
    { sEntrantID: '3b7e0d52a9c1f468', iTickets: 1 },
    { sEntrantID: '8a41c6f0e97b2d13', iTickets: 10 },
    { sEntrantID: '0f3c9a1be2d47c85', iTickets: 5 },
  ],
  commitmentHex: '630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd',
  leaves: [
    '11a82a3520608b2c9b4d4271ebe8bfdfd7bbafdbd413f29e3a23729844052630',
    '927d2c0ea05f62a0ca2d16efedaf3bceb4f756b0782d6abadfb6129c83bff88b',
    'cd3832eb4c7129a3f6e486949ddf1874609a472ac64d6ef8963b3d621b6835ff',
    '4c8c3a70629dc378309fd768cf49e4c0f55621bb9a8f8e051df3f619c7aa16c9',
  ],
  node01: 'ad7557d4a923ae18f4f6568fd0a2a29295b65dfa0f014fa06a745397c49ce1fc',
  node23: '1e3ec28161e95c4fd0b1d239ebcfca1b503ac5388771379678dc2455cf7ca180',
  rootHex: 'fc335630f2d4f78611c49eab5179d168c3051b9098394e33b78860614e462a78',
  randomnessHex: '40af50194fa62349590f48582fddcea2bf25368f29aa159e6482edc96471fa25',
  block0: '28855c746cc807051d280dd09e62f9bab75f089b2f5920dcbf31fb4fa3f26843',
  block1: '27d7edb6e12717a65f25aaf7c8a8f9bf2c5176a08ab8e3821ff31b2efcd605e5',
  /** drand quicknet round 1000's randomness (see drand.test.ts). */
  beaconHex: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  beaconRandomnessHex: 'c6d292adab9b18d08a41bc84e332bbf11e9f99479d286622d31cff821a2d9797',
};

/** A stream that plays back fixed uint64 values (for the rejection-sampling edges). */
function scriptedStream(values: bigint[]): RandomStream & { used: () => number } {
  let next = 0;
  const take = () => {
    const value = values[next++];
    if (value === undefined) throw new Error('scripted stream ran out');
    return value;
  };
  return { nextUint64: take, nextUint32: () => Number(take() & 0xffffffffn), used: () => next };
}

/** The draw as the spec states it, without a Fenwick tree: a linear walk of the ticket line. */
function referenceDraw(entries: DrawEntry[], seedHex: string, prizes: number, beaconHex?: string): string[] {
  const remaining = canonicalEntries(entries);
  const stream = createRandomStream(drawRandomness(seedHex, merkleRoot(entries), beaconHex));
  const winners: string[] = [];
  while (winners.length < prizes && remaining.length > 0) {
    let ticket = uniformBelow(
      stream,
      remaining.reduce((sum, entry) => sum + entry.iTickets, 0),
    );
    let index = 0;
    while (ticket >= remaining[index]!.iTickets) ticket -= remaining[index++]!.iTickets;
    winners.push(remaining[index]!.sEntrantID);
    remaining.splice(index, 1);
  }
  return winners;
}

function entriesOf(count: number, tickets: (i: number) => number): DrawEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    sEntrantID: hashText(`entrant-${i}`).slice(0, 16),
    iTickets: tickets(i),
  }));
}

describe('worked example (docs/raffle-draw.md §9)', () => {
  const { seedHex, entries } = EXAMPLE;

  it('commits to the seed', () => {
    expect(commitment(seedHex)).toBe(EXAMPLE.commitmentHex);
  });

  it('orders the entries by sEntrantID, bytewise', () => {
    expect(canonicalEntries(entries).map((e) => e.sEntrantID)).toEqual([
      '0f3c9a1be2d47c85',
      '3b7e0d52a9c1f468',
      '8a41c6f0e97b2d13',
      'c5d2e8a7103f9b64',
    ]);
  });

  it('hashes leaves, nodes and the root as specified', () => {
    const canonical = canonicalEntries(entries);
    expect(canonical.map((e) => bytesToHex(leafHash(e)))).toEqual(EXAMPLE.leaves);
    const node = (left: string, right: string) => bytesToHex(sha256(hexToBytes(`01${left}${right}`)));
    const [l0, l1, l2, l3] = EXAMPLE.leaves as [string, string, string, string];
    expect(bytesToHex(sha256(hexToBytes(`00${bytesToHex(utf8ToBytes('8a41c6f0e97b2d13:10'))}`)))).toBe(l2);
    expect(node(l0, l1)).toBe(EXAMPLE.node01);
    expect(node(l2, l3)).toBe(EXAMPLE.node23);
    expect(node(EXAMPLE.node01, EXAMPLE.node23)).toBe(EXAMPLE.rootHex);
    expect(merkleRoot(entries)).toBe(EXAMPLE.rootHex);
  });

  it('promotes an odd last node unchanged (3 leaves)', () => {
    const three = canonicalEntries(entries).slice(0, 3);
    const [, , l2] = EXAMPLE.leaves as [string, string, string];
    const root = bytesToHex(sha256(hexToBytes(`01${EXAMPLE.node01}${l2}`)));
    expect(root).toBe('40eb523603d4d3a0739baca2a91b063dc73458e7fc518b12d4f07525c28f54f0');
    expect(merkleRoot(three)).toBe(root);
  });

  it('derives the randomness and the stream', () => {
    expect(drawRandomness(seedHex, EXAMPLE.rootHex)).toBe(EXAMPLE.randomnessHex);
    const counter = (i: number) => `${i.toString(16).padStart(16, '0')}`;
    expect(bytesToHex(sha256(hexToBytes(`${EXAMPLE.randomnessHex}${counter(0)}`)))).toBe(EXAMPLE.block0);
    expect(bytesToHex(sha256(hexToBytes(`${EXAMPLE.randomnessHex}${counter(1)}`)))).toBe(EXAMPLE.block1);
    const stream = createRandomStream(EXAMPLE.randomnessHex);
    expect(stream.nextUint64()).toBe(0x28855c746cc80705n);
    expect(stream.nextUint64()).toBe(0x1d280dd09e62f9ban);
    const TWO_64 = 1n << 64n;
    expect([TWO_64 % 19n, TWO_64 - (TWO_64 % 19n)]).toEqual([17n, 18446744073709551599n]);
    expect([TWO_64 % 9n, TWO_64 - (TWO_64 % 9n)]).toEqual([7n, 18446744073709551609n]);
    expect(0x28855c746cc80705n).toBe(2919841588530644741n);
    expect(0x28855c746cc80705n % 19n).toBe(10n);
    expect(0x1d280dd09e62f9ban).toBe(2100944415829981626n);
    expect(0x1d280dd09e62f9ban % 9n).toBe(0n);
  });

  it('encodes the leaf inputs as in the table', () => {
    const inputs = canonicalEntries(entries).map(
      (e) => `00${bytesToHex(utf8ToBytes(`${e.sEntrantID}:${e.iTickets}`))}`,
    );
    expect(inputs).toEqual([
      '00306633633961316265326434376338353a35',
      '00336237653064353261396331663436383a31',
      '00386134316336663065393762326431333a3130',
      '00633564326538613731303366396236343a33',
    ]);
    expect(inputs.map((input) => bytesToHex(sha256(hexToBytes(input))))).toEqual(EXAMPLE.leaves);
  });

  it('draws 8a41… (ticket 10 of 19) then 0f3c… (ticket 0 of 9)', () => {
    expect(drawWinners({ entries, seedHex, prizes: 2 })).toEqual([
      { sEntrantID: '8a41c6f0e97b2d13', iPick: 1 },
      { sEntrantID: '0f3c9a1be2d47c85', iPick: 2 },
    ]);
  });

  it('mixes in a beacon', () => {
    expect(drawRandomness(seedHex, EXAMPLE.rootHex, EXAMPLE.beaconHex)).toBe(EXAMPLE.beaconRandomnessHex);
    const stream = createRandomStream(EXAMPLE.beaconRandomnessHex);
    const [first, second] = [stream.nextUint64(), stream.nextUint64()];
    expect([first, first % 19n, second, second % 14n]).toEqual([0x21137cc56927d807n, 4n, 0x0c40d5c012687bfbn, 7n]);
    expect(drawWinners({ entries, seedHex, beaconHex: EXAMPLE.beaconHex, prizes: 2 })).toEqual([
      { sEntrantID: '0f3c9a1be2d47c85', iPick: 1 },
      { sEntrantID: '8a41c6f0e97b2d13', iPick: 2 },
    ]);
  });

  it('maps picks onto prizes in list order', () => {
    const winners = drawWinners({ entries, seedHex, prizes: 2 });
    const prizes = [
      { sPrizeID: 'golden-agent', iQuantity: 1 },
      { sPrizeID: 'ticket-pack', iQuantity: 1 },
    ];
    expect(assignPrizes(winners, prizes)).toEqual([
      { sEntrantID: '8a41c6f0e97b2d13', iPick: 1, sPrizeID: 'golden-agent' },
      { sEntrantID: '0f3c9a1be2d47c85', iPick: 2, sPrizeID: 'ticket-pack' },
    ]);
  });
});

describe('fixed vector: 50 entrants, 10 prizes', () => {
  const entries = entriesOf(50, (i) => 1 + ((i * 7) % 13));
  const seedHex = hashText('raffle-draw vector 2');

  it('has the recorded seed, root and winners', () => {
    expect(seedHex).toBe('96af5d37823b90ff77ca3700d47e7d3c5613b5d95ddc01fe9427fd598af01a9b');
    expect(merkleRoot(entries)).toBe('21538a02376df3b4abf5baca8c5a54e16fea5d02565fea9a33dca2c8d9063531');
    expect(drawWinners({ entries, seedHex, prizes: 10 }).map((w) => w.sEntrantID)).toEqual([
      '364262484bf7979a',
      '5fc4c7ecc1c63d18',
      'cec0f5b79f0b01d3',
      '4b999810cfb2d3f4',
      '8635cd3d6fdee2c4',
      '54f6b81983070453',
      'eb678bb971292af8',
      'c1e1326759e6ba01',
      '91b850547e95ab04',
      '3dc4049182ec115f',
    ]);
  });

  it('does not depend on the order the entries are given in', () => {
    const reversed = [...entries].reverse();
    expect(drawWinners({ entries: reversed, seedHex, prizes: 10 })).toEqual(
      drawWinners({ entries, seedHex, prizes: 10 }),
    );
    expect(merkleRoot(reversed)).toBe(merkleRoot(entries));
  });

  it('matches a linear-scan reference draw for many seeds', () => {
    for (let s = 0; s < 200; s++) {
      const seed = hashText(`reference-${s}`);
      const prizes = s % 12;
      const fenwick = drawWinners({ entries, seedHex: seed, prizes }).map((w) => w.sEntrantID);
      expect(fenwick).toEqual(referenceDraw(entries, seed, prizes));
    }
  });
});

describe('Merkle proofs', () => {
  for (const count of [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33]) {
    it(`verify for every leaf of ${count} entries, and fail when tampered`, () => {
      const entries = entriesOf(count, (i) => 1 + (i % 5));
      const root = merkleRoot(entries);
      for (const entry of canonicalEntries(entries)) {
        const proof = merkleProof(entries, entry.sEntrantID);
        expect(verifyMerkleProof(entry, proof, root)).toBe(true);
        expect(verifyMerkleProof({ ...entry, iTickets: entry.iTickets + 1 }, proof, root)).toBe(false);
        expect(verifyMerkleProof({ ...entry, sEntrantID: 'someone-else' }, proof, root)).toBe(false);
        for (let i = 0; i < proof.siblings.length; i++) {
          const siblings = proof.siblings.map((s, j) =>
            j === i ? { ...s, hash: `${s.hash[0] === '0' ? '1' : '0'}${s.hash.slice(1)}` } : s,
          );
          expect(verifyMerkleProof(entry, { ...proof, siblings }, root)).toBe(false);
          const flipped = proof.siblings.map((s, j) =>
            j === i ? { ...s, side: s.side === 'left' ? ('right' as const) : ('left' as const) } : s,
          );
          expect(verifyMerkleProof(entry, { ...proof, siblings: flipped }, root)).toBe(false);
        }
        expect(verifyMerkleProof(entry, { ...proof, index: proof.index + 1 }, root)).toBe(false);
        expect(verifyMerkleProof(entry, { ...proof, siblings: proof.siblings.slice(1) }, root)).toBe(count === 1);
      }
    });
  }

  it('gives the worked example proof for 8a41…', () => {
    expect(merkleProof(EXAMPLE.entries, '8a41c6f0e97b2d13')).toEqual({
      index: 2,
      leafCount: 4,
      siblings: [
        { side: 'right', hash: EXAMPLE.leaves[3] },
        { side: 'left', hash: EXAMPLE.node01 },
      ],
    });
  });

  it('hashes leaves and inner nodes under different tags (no second preimage across levels)', () => {
    const [l0, l1] = EXAMPLE.leaves as [string, string];
    expect(bytesToHex(sha256(hexToBytes(`01${l0}${l1}`)))).toBe(EXAMPLE.node01);
    expect(bytesToHex(sha256(hexToBytes(`00${l0}${l1}`)))).not.toBe(EXAMPLE.node01);
    // A proof cut short (claiming node01 is a leaf of a 2-leaf tree) needs an entry hashing to node01.
    const cut = { index: 0, leafCount: 2, siblings: [{ side: 'right' as const, hash: EXAMPLE.node23 }] };
    for (const entry of EXAMPLE.entries) expect(verifyMerkleProof(entry, cut, EXAMPLE.rootHex)).toBe(false);
  });

  it('refuses an id that is not in the list', () => {
    expect(() => merkleProof(EXAMPLE.entries, 'ffffffffffffffff')).toThrow(RaffleDrawError);
  });

  it('has a defined root for no entries', () => {
    expect(merkleRoot([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('drawWinners', () => {
  const seedHex = hashText('draw cases');

  it('never draws an entrant twice', () => {
    const entries = entriesOf(30, (i) => (i === 0 ? 1_000_000 : 1));
    for (let s = 0; s < 50; s++) {
      const winners = drawWinners({ entries, seedHex: hashText(`dup-${s}`), prizes: 30 });
      expect(new Set(winners.map((w) => w.sEntrantID)).size).toBe(30);
      expect(winners.map((w) => w.iPick)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    }
  });

  it('gives every entrant one win when prizes exceed entrants', () => {
    const entries = entriesOf(5, (i) => i + 1);
    const winners = drawWinners({ entries, seedHex, prizes: 12 });
    expect(winners).toHaveLength(5);
    expect(new Set(winners.map((w) => w.sEntrantID))).toEqual(new Set(entries.map((e) => e.sEntrantID)));
    const prizes = [
      { sPrizeID: 'a', iQuantity: 4 },
      { sPrizeID: 'b', iQuantity: 8 },
    ];
    const awards = assignPrizes(winners, prizes);
    expect(awards.map((a) => a.sPrizeID)).toEqual(['a', 'a', 'a', 'a', 'b']);
  });

  it('handles a single entrant, no entrant and no prize', () => {
    const single = [{ sEntrantID: 'solo', iTickets: 7 }];
    expect(drawWinners({ entries: single, seedHex, prizes: 3 })).toEqual([{ sEntrantID: 'solo', iPick: 1 }]);
    expect(drawWinners({ entries: [], seedHex, prizes: 3 })).toEqual([]);
    expect(drawWinners({ entries: single, seedHex, prizes: 0 })).toEqual([]);
  });

  it('favours many tickets over one ticket', () => {
    const entries = [
      { sEntrantID: 'many', iTickets: 99 },
      { sEntrantID: 'one', iTickets: 1 },
    ];
    let oneWins = 0;
    for (let s = 0; s < 1000; s++) {
      if (drawWinners({ entries, seedHex: hashText(`odds-${s}`), prizes: 1 })[0]?.sEntrantID === 'one') oneWins++;
    }
    // Expected 10 of 1000 (p = 0.01, σ ≈ 3.15): at most +4.5σ, and the single ticket does win sometimes.
    expect(oneWins).toBeGreaterThan(0);
    expect(oneWins).toBeLessThanOrEqual(24);
    // The second pick is then forced.
    expect(
      drawWinners({ entries, seedHex, prizes: 2 })
        .map((w) => w.sEntrantID)
        .sort(),
    ).toEqual(['many', 'one']);
  });

  it('refuses invalid input', () => {
    const ok = { sEntrantID: 'a', iTickets: 1 };
    const bad: Array<[unknown, RegExp]> = [
      [[{ sEntrantID: 'b', iTickets: 0 }], /positive safe integer/],
      [[{ sEntrantID: 'b', iTickets: -3 }], /positive safe integer/],
      [[{ sEntrantID: 'b', iTickets: 1.5 }], /positive safe integer/],
      [[{ sEntrantID: 'b', iTickets: Number.NaN }], /positive safe integer/],
      [[{ sEntrantID: 'b', iTickets: 2 ** 53 }], /positive safe integer/],
      [[{ sEntrantID: 'b', iTickets: '3' }], /positive safe integer/],
      [[{ sEntrantID: 'a', iTickets: 2 }], /duplicate sEntrantID a/],
      [[{ sEntrantID: '', iTickets: 1 }], /sEntrantID/],
      [[{ sEntrantID: 'has:colon', iTickets: 1 }], /sEntrantID/],
      [[{ sEntrantID: 'é', iTickets: 1 }], /sEntrantID/],
      [[{ sEntrantID: 'x'.repeat(65), iTickets: 1 }], /sEntrantID/],
      [[{ sEntrantID: 'b', iTickets: Number.MAX_SAFE_INTEGER }], /ticket total/],
    ];
    for (const [more, message] of bad) {
      const entries = [ok, ...(more as DrawEntry[])];
      expect(() => canonicalEntries(entries)).toThrow(message);
      expect(() => drawWinners({ entries, seedHex, prizes: 1 })).toThrow(RaffleDrawError);
    }
    expect(() => drawWinners({ entries: [ok], seedHex, prizes: -1 })).toThrow(/prizes/);
    expect(() => drawWinners({ entries: [ok], seedHex, prizes: 1.5 })).toThrow(/prizes/);
    expect(() => drawWinners({ entries: [ok], seedHex: 'abc', prizes: 1 })).toThrow(/seedHex/);
    expect(() => drawWinners({ entries: [ok], seedHex: seedHex.toUpperCase(), prizes: 1 })).toThrow(/seedHex/);
    expect(() => drawWinners({ entries: [ok], seedHex, beaconHex: '00', prizes: 1 })).toThrow(/beaconHex/);
    expect(() => commitment(`${seedHex}00`)).toThrow(/seedHex/);
  });

  it('refuses bad prize lists', () => {
    const winners = [{ sEntrantID: 'a', iPick: 1 }];
    expect(() => assignPrizes(winners, [{ sPrizeID: 'p', iQuantity: 0 }])).toThrow(/iQuantity/);
    expect(() => assignPrizes(winners, [{ sPrizeID: '', iQuantity: 1 }])).toThrow(/sPrizeID/);
    expect(() => assignPrizes([...winners, { sEntrantID: 'b', iPick: 2 }], [{ sPrizeID: 'p', iQuantity: 1 }])).toThrow(
      /more winners/,
    );
    expect(
      prizeUnits([
        { sPrizeID: 'p', iQuantity: 2 },
        { sPrizeID: 'q', iQuantity: 3 },
      ]),
    ).toBe(5);
  });
});

describe('distribution over 2,000 fixed seeds', () => {
  // Tickets 1, 2, 3, 4 (total 10). Seeds are fixed, so the statistics are deterministic; the
  // bounds are the chi-square critical values at p = 0.001, so a correct draw passes with margin.
  const entries = [
    { sEntrantID: 'a', iTickets: 1 },
    { sEntrantID: 'b', iTickets: 2 },
    { sEntrantID: 'c', iTickets: 3 },
    { sEntrantID: 'd', iTickets: 4 },
  ];
  const DRAWS = 2000;
  const chiSquare = (observed: number[], expected: number[]) =>
    observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);

  it('first picks follow the tickets (chi-square, 3 df, < 16.27)', () => {
    const counts = [0, 0, 0, 0];
    for (let s = 0; s < DRAWS; s++) {
      const [first] = drawWinners({ entries, seedHex: hashText(`distribution-${s}`), prizes: 1 });
      counts['abcd'.indexOf(first!.sEntrantID)]!++;
    }
    const statistic = chiSquare(
      counts,
      entries.map((e) => (DRAWS * e.iTickets) / 10),
    );
    expect(statistic).toBeLessThan(16.27);
  });

  it('ordered pairs follow sampling without replacement (chi-square, 11 df, < 31.26)', () => {
    const pairs = new Map<string, number>();
    for (let s = 0; s < DRAWS; s++) {
      const winners = drawWinners({ entries, seedHex: hashText(`pairs-${s}`), prizes: 2 });
      const key = winners.map((w) => w.sEntrantID).join('');
      pairs.set(key, (pairs.get(key) ?? 0) + 1);
    }
    const observed: number[] = [];
    const expected: number[] = [];
    for (const first of entries) {
      for (const second of entries) {
        if (first === second) continue;
        const p = (first.iTickets / 10) * (second.iTickets / (10 - first.iTickets));
        observed.push(pairs.get(first.sEntrantID + second.sEntrantID) ?? 0);
        expected.push(DRAWS * p);
      }
    }
    expect(observed.reduce((a, b) => a + b, 0)).toBe(DRAWS);
    expect(chiSquare(observed, expected)).toBeLessThan(31.26);
  });
});

describe('uniformBelow and the stream', () => {
  const TWO_64 = 1n << 64n;

  it('n = 1 always gives 0 and uses one value', () => {
    const stream = scriptedStream([TWO_64 - 1n]);
    expect(uniformBelow(stream, 1)).toBe(0);
    expect(stream.used()).toBe(1);
  });

  it('rejects values at or above 2^64 − (2^64 mod n)', () => {
    for (const n of [3n, 0xffffffffn, 0x100000001n, 2n ** 53n - 1n, 2n ** 63n + 1n]) {
      const limit = TWO_64 - (TWO_64 % n);
      const stream = scriptedStream([limit, TWO_64 - 1n, limit - 1n]);
      expect(uniformBelow(stream, n)).toBe((limit - 1n) % n);
      expect(stream.used()).toBe(3);
    }
  });

  it('accepts every value for powers of two (no rejection zone)', () => {
    expect(uniformBelow(scriptedStream([TWO_64 - 1n]), 2n ** 32n)).toBe(2n ** 32n - 1n);
    expect(uniformBelow(scriptedStream([TWO_64 - 1n]), TWO_64)).toBe(TWO_64 - 1n);
  });

  it('n = 2^32 − 1 stays in range on the real stream', () => {
    const stream = createRandomStream(EXAMPLE.randomnessHex);
    for (let i = 0; i < 1000; i++) {
      const value = uniformBelow(stream, 0xffffffff);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(0xffffffff);
      expect(Number.isInteger(value)).toBe(true);
    }
  });

  it('refuses n outside 1..2^64', () => {
    const stream = createRandomStream(EXAMPLE.randomnessHex);
    expect(() => uniformBelow(stream, 0)).toThrow(RaffleDrawError);
    expect(() => uniformBelow(stream, 0.5)).toThrow(RaffleDrawError);
    expect(() => uniformBelow(stream, 2 ** 53)).toThrow(RaffleDrawError);
    expect(() => uniformBelow(stream, TWO_64 + 1n)).toThrow(RaffleDrawError);
  });

  it('reads 4 and 8 bytes big-endian across block boundaries', () => {
    const bytes = EXAMPLE.block0 + EXAMPLE.block1;
    const stream = createRandomStream(EXAMPLE.randomnessHex);
    expect(stream.nextUint32()).toBe(Number.parseInt(bytes.slice(0, 8), 16));
    for (let i = 0; i < 3; i++) stream.nextUint64(); // bytes 4..27
    // Bytes 28..35 straddle block 0 and block 1.
    expect(stream.nextUint64()).toBe(BigInt(`0x${bytes.slice(56, 72)}`));
  });
});

describe('verifyDraw', () => {
  const published = (): PublishedDraw => ({
    commitmentHex: EXAMPLE.commitmentHex,
    seedHex: EXAMPLE.seedHex,
    rootHex: EXAMPLE.rootHex,
    entries: EXAMPLE.entries,
    prizes: 2,
    winners: drawWinners({ entries: EXAMPLE.entries, seedHex: EXAMPLE.seedHex, prizes: 2 }),
    prizeList: [{ sPrizeID: 'golden-agent', iQuantity: 2 }],
  });
  const failed = (draw: PublishedDraw) =>
    verifyDraw(draw)
      .filter((check) => !check.bPassed)
      .map((check) => check.sCheck);

  it('passes an honest draw', () => {
    const checks = verifyDraw(published());
    expect(checks.map((c) => c.sCheck)).toEqual(['entries', 'commitment', 'root', 'winners', 'prizes']);
    expect(allChecksPassed(checks)).toBe(true);
  });

  it('names what a dishonest draw got wrong', () => {
    expect(failed({ ...published(), commitmentHex: hashText('other') })).toEqual(['commitment']);
    expect(failed({ ...published(), seedHex: hashText('other') })).toEqual(['commitment', 'winners']);
    const padded = [...EXAMPLE.entries.slice(1), { sEntrantID: '0f3c9a1be2d47c85', iTickets: 50 }];
    expect(failed({ ...published(), entries: padded })).toContain('root');
    expect(failed({ ...published(), winners: published().winners.slice().reverse() })).toEqual(['winners']);
    expect(failed({ ...published(), prizeList: [{ sPrizeID: 'p', iQuantity: 3 }] })).toEqual(['prizes']);
    const duplicated = [...EXAMPLE.entries, EXAMPLE.entries[0]!];
    expect(failed({ ...published(), entries: duplicated })).toEqual(['entries', 'root', 'winners']);
  });

  it('fails closed on a beacon draw without a beacon verifier', () => {
    const winners = drawWinners({ ...EXAMPLE, prizes: 2 });
    const draw = { ...published(), beaconHex: EXAMPLE.beaconHex, winners };
    expect(failed(draw)).toEqual(['beacon']);
    const checks = verifyDraw(draw, { verifyBeacon: () => ({ sCheck: 'beacon', bPassed: true, sDetail: 'ok' }) });
    expect(allChecksPassed(checks)).toBe(true);
  });
});

/** docs/raffle-draw-vectors.json: the vectors the document points at, for any implementation. */
interface Vector {
  name: string;
  seedHex: string;
  commitmentHex: string;
  entries: DrawEntry[];
  rootHex: string;
  drandRound?: { round: number; signature: string };
  beaconHex?: string;
  randomnessHex: string;
  prizeList: DrawPrize[];
  prizes: number;
  picks: Array<{
    iPick: number;
    total: string;
    limit: string;
    rejected: string[];
    accepted: string;
    ticket: string;
    sEntrantID: string;
  }>;
  winners: DrawWinner[];
  awards: Array<DrawWinner & { sPrizeID: string }>;
}
// Read, not imported: the vectors are the document's, outside src/.
const VECTORS = (
  JSON.parse(readFileSync(new URL('../../docs/raffle-draw-vectors.json', import.meta.url), 'utf8')) as {
    vectors: Vector[];
  }
).vectors;
const vectorNamed = (name: string) => VECTORS.find((v) => v.name === name) as Vector;

describe('docs/raffle-draw-vectors.json', () => {
  it('holds the worked example, its beacon variant, the 50-entrant vector and the rejection vector', () => {
    expect(VECTORS.map((v) => v.name)).toEqual([
      'worked-example',
      'worked-example-beacon',
      'fifty-entrants',
      'rejection',
    ]);
    expect(vectorNamed('worked-example')).toMatchObject({
      seedHex: EXAMPLE.seedHex,
      commitmentHex: EXAMPLE.commitmentHex,
      rootHex: EXAMPLE.rootHex,
      randomnessHex: EXAMPLE.randomnessHex,
    });
    expect(vectorNamed('worked-example-beacon')).toMatchObject({
      beaconHex: EXAMPLE.beaconHex,
      randomnessHex: EXAMPLE.beaconRandomnessHex,
    });
    // The file's 50-entrant vector is the "fixed vector" above.
    const fifty = vectorNamed('fifty-entrants');
    expect(fifty.entries).toEqual(canonicalEntries(entriesOf(50, (i) => 1 + ((i * 7) % 13))));
    expect(fifty.seedHex).toBe(hashText('raffle-draw vector 2'));
  });

  for (const vector of VECTORS) {
    it(`replays ${vector.name}: commitment, root, randomness, every pick and the prizes`, () => {
      const { entries, seedHex, beaconHex, prizes } = vector;
      expect(canonicalEntries(entries)).toEqual(entries);
      expect(commitment(seedHex)).toBe(vector.commitmentHex);
      expect(merkleRoot(entries)).toBe(vector.rootHex);
      expect(drawRandomness(seedHex, vector.rootHex, beaconHex)).toBe(vector.randomnessHex);
      if (vector.drandRound) {
        expect(verifyDrandRound(QUICKNET_CHAIN_INFO, vector.drandRound)).toEqual({
          bValid: true,
          sRandomnessHex: beaconHex,
        });
      }
      // The stream gives each pick's rejected values, then the accepted one; uniformBelow agrees.
      const values = createRandomStream(vector.randomnessHex);
      const draws = createRandomStream(vector.randomnessHex);
      for (const pick of vector.picks) {
        const total = BigInt(pick.total);
        expect(BigInt(pick.limit)).toBe((1n << 64n) - ((1n << 64n) % total));
        for (const rejected of pick.rejected) {
          expect(values.nextUint64()).toBe(BigInt(rejected));
          expect(BigInt(rejected) >= BigInt(pick.limit)).toBe(true);
        }
        expect(values.nextUint64()).toBe(BigInt(pick.accepted));
        expect(BigInt(pick.accepted) % total).toBe(BigInt(pick.ticket));
        expect(uniformBelow(draws, total)).toBe(BigInt(pick.ticket));
      }
      const winners = drawWinners({ entries, seedHex, beaconHex, prizes });
      expect(winners).toEqual(vector.winners);
      expect(winners.map((w) => w.sEntrantID)).toEqual(vector.picks.map((p) => p.sEntrantID));
      expect(assignPrizes(winners, vector.prizeList)).toEqual(vector.awards);
      expect(prizeUnits(vector.prizeList)).toBe(prizes);
    });
  }

  it('rejects a value in the rejection vector, and a draw that skips rejection picks other winners', () => {
    const vector = vectorNamed('rejection');
    expect(vector.picks[0]?.rejected).toHaveLength(1);
    const { entries, seedHex } = vector;
    const total = entries.reduce((sum, e) => sum + e.iTickets, 0);
    expect(total).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    expect(BigInt(total)).toBe(((1n << 64n) + 2048n) / 2049n);
    expect(seedHex).toBe(hashText('raffle-draw rejection 2163'));
    // Without rejection: x mod T straight away, one value fewer read.
    const remaining = [...entries];
    const stream = createRandomStream(vector.randomnessHex);
    const biased: string[] = [];
    while (biased.length < vector.prizes) {
      let ticket = stream.nextUint64() % BigInt(remaining.reduce((sum, e) => sum + e.iTickets, 0));
      let index = 0;
      while (ticket >= BigInt(remaining[index]!.iTickets)) ticket -= BigInt(remaining[index++]!.iTickets);
      biased.push(remaining.splice(index, 1)[0]!.sEntrantID);
    }
    expect(biased).toEqual(['9cc0c8678acfd4fd', '2677c8488d46e15f']);
    expect(vector.winners.map((w) => w.sEntrantID)).toEqual(['2677c8488d46e15f', '9cc0c8678acfd4fd']);
    expect(referenceDraw(entries, seedHex, vector.prizes)).toEqual(['2677c8488d46e15f', '9cc0c8678acfd4fd']);
  });
});
