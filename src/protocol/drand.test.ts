import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  type DrandRound,
  drandRandomness,
  drandRoundAt,
  drandRoundTime,
  QUICKNET_CHAIN_INFO,
  roundMessage,
  verifyDrandRound,
  verifyDrawBeacon,
} from './drand';
import { allChecksPassed, drawWinners, merkleRoot, type PublishedDraw, verifyDraw } from './raffleDraw';

/**
 * Real quicknet rounds, recorded from drand's public API by public repositories (their copies
 * agree); a valid BLS signature under the pinned chain key is itself the proof that they are real.
 * - rounds 1, 1000 and 31089008: Bas3d-Labs/drand-quicknet-evm, contracts/test/fixtures/quicknet-kat.json
 *   (round 1000 also in the Rust drand client's tests and Ideal Labs' randomness-beacon pallet);
 * - round 657413: mcdcam/python-drand-verify, README.md;
 * - round 1001: Ideal Labs' randomness-beacon pallet benchmarks (signature only).
 */
const REAL_ROUNDS: DrandRound[] = [
  {
    round: 1,
    signature: 'b55e7cb2d5c613ee0b2e28d6750aabbb78c39dcc96bd9d38c2c2e12198df95571de8e8e402a0cc48871c7089a2b3af4b',
    randomness: '1466a6cd24e327188770752f6134001c64d6efcc590ccc26b721611ad96f165a',
  },
  {
    round: 1000,
    signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
    randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  },
  {
    round: 1001,
    signature: 'b33bf3667cbd5a82de3a24b4e0e9fe5513cc1a0e840368c6e31f5fcfa79bea03f73896b25883abf2853d10337fb8fa41',
  },
  {
    round: 657413,
    signature: 'b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b',
    randomness: 'fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587',
  },
  {
    round: 31089008,
    signature: '87b3b9c9f99cc1e7fc326e249538f33b84a1c4ef8bd85920a267af642b570bcd62bf70900a3862f742e574164b5f17f3',
    randomness: 'ce7b0bc26c2f2f969bb4fa4ceb074fd13baed8557659ac0ea1af0b589c68d8bf',
  },
];
const ROUND_1000 = REAL_ROUNDS[1]!;

/** A valid G2 point that is not quicknet's key: drand's test key for the (deprecated) bls-unchained-on-g1 scheme. */
const OTHER_G2_KEY =
  '876f6fa8073736e22f6ff4badaab35c637503718f7a452d178ce69c45d2d8129a54ad2f988ab10c9666f87ab603c59bf013409a5b500555da31720f8eec294d9809b8796f40d5372c71a44ca61226f1eb978310392f98074a608747f77e66c5a';

const rejected = (round: DrandRound, chainInfo = QUICKNET_CHAIN_INFO) => {
  const result = verifyDrandRound(chainInfo, round);
  return result.bValid ? 'valid' : result.sReason;
};

describe('verifyDrandRound (quicknet)', () => {
  it.each(REAL_ROUNDS)('verifies real round $round and derives its randomness', (round) => {
    const result = verifyDrandRound(QUICKNET_CHAIN_INFO, round);
    expect(result).toEqual({ bValid: true, sRandomnessHex: drandRandomness(round.signature) });
    if (round.randomness) expect(drandRandomness(round.signature)).toBe(round.randomness);
  });

  it('signs sha256 of the round as 8 bytes big-endian', () => {
    expect(bytesToHex(roundMessage(1000))).toBe(bytesToHex(sha256(hexToBytes('00000000000003e8'))));
  });

  it('refuses a signature for another round', () => {
    expect(rejected({ ...ROUND_1000, round: 1001, randomness: undefined })).toBe('BLS signature does not verify');
    expect(rejected({ round: 1000, signature: REAL_ROUNDS[2]!.signature })).toBe('BLS signature does not verify');
  });

  it('refuses a tampered signature', () => {
    const flipped = `a${ROUND_1000.signature.slice(1)}`; // still a compressed point encoding, another x
    expect(rejected({ round: 1000, signature: flipped })).not.toBe('valid');
    const lastByte = `${ROUND_1000.signature.slice(0, -2)}3a`;
    expect(rejected({ round: 1000, signature: lastByte })).not.toBe('valid');
  });

  it('refuses randomness that is not sha256(signature)', () => {
    expect(rejected({ ...ROUND_1000, randomness: `aa${ROUND_1000.randomness!.slice(2)}` })).toBe(
      'randomness is not sha256(signature)',
    );
  });

  it('refuses degenerate points', () => {
    const infinity = `c${'0'.repeat(95)}`;
    const orderThree = `8${'0'.repeat(95)}`; // (0, 2): on the curve, outside the prime-order subgroup
    expect(rejected({ round: 1000, signature: infinity })).not.toBe('valid');
    expect(rejected({ round: 1000, signature: orderThree })).toMatch(/invalid point/);
    expect(rejected({ round: 1000, signature: 'ff'.repeat(48) })).toMatch(/invalid point/);
  });

  it('refuses malformed input', () => {
    expect(rejected({ round: 1000, signature: ROUND_1000.signature.slice(2) })).toMatch(/48 bytes/);
    expect(rejected({ round: 1000, signature: ROUND_1000.signature.toUpperCase() })).toMatch(/48 bytes/);
    expect(rejected({ ...ROUND_1000, round: 0 })).toMatch(/positive integer/);
    expect(rejected({ ...ROUND_1000, round: 1.5 })).toMatch(/positive integer/);
  });

  it('refuses another key and another scheme', () => {
    expect(rejected(ROUND_1000, { ...QUICKNET_CHAIN_INFO, public_key: OTHER_G2_KEY })).toBe(
      'BLS signature does not verify',
    );
    expect(rejected(ROUND_1000, { ...QUICKNET_CHAIN_INFO, schemeID: 'pedersen-bls-chained' })).toMatch(
      /unsupported scheme/,
    );
    expect(rejected(ROUND_1000, { ...QUICKNET_CHAIN_INFO, public_key: '00' })).toMatch(/public key/);
  });
});

describe('quicknet round times', () => {
  it('maps rounds to times and back', () => {
    expect(drandRoundTime(QUICKNET_CHAIN_INFO, 1)).toBe(1692803367);
    expect(drandRoundTime(QUICKNET_CHAIN_INFO, 1000)).toBe(1692803367 + 999 * 3);
    for (const round of [1, 2, 1000, 31089008]) {
      const time = drandRoundTime(QUICKNET_CHAIN_INFO, round);
      expect(drandRoundAt(QUICKNET_CHAIN_INFO, time)).toBe(round);
      expect(drandRoundAt(QUICKNET_CHAIN_INFO, time - 1)).toBe(round);
    }
    expect(drandRoundAt(QUICKNET_CHAIN_INFO, 0)).toBe(1);
  });
});

describe('verifyDrawBeacon', () => {
  const entries = Array.from({ length: 12 }, (_, i) => ({ sEntrantID: `member-${i}`, iTickets: 1 + (i % 4) }));
  const seedHex = bytesToHex(sha256(new TextEncoder().encode('beacon draw seed')));
  const beaconHex = ROUND_1000.randomness!;
  const published = (): PublishedDraw => ({
    commitmentHex: bytesToHex(sha256(hexToBytes(seedHex))),
    seedHex,
    rootHex: merkleRoot(entries),
    entries,
    prizes: 3,
    winners: drawWinners({ entries, seedHex, beaconHex, prizes: 3 }),
    beaconHex,
    drandRound: { round: 1000, signature: ROUND_1000.signature },
  });

  it('passes a draw whose beacon is a verified quicknet round', () => {
    const checks = verifyDraw(published(), { verifyBeacon: verifyDrawBeacon });
    expect(checks.at(-1)).toEqual({ sCheck: 'beacon', bPassed: true, sDetail: 'drand quicknet round 1000 verifies' });
    expect(allChecksPassed(checks)).toBe(true);
  });

  it('fails a beacon that is not the round randomness, or a round that does not verify', () => {
    const otherBeacon = REAL_ROUNDS[0]!.randomness!;
    expect(verifyDrawBeacon({ ...published(), beaconHex: otherBeacon }).bPassed).toBe(false);
    expect(verifyDrawBeacon({ ...published(), drandRound: { round: 999, signature: ROUND_1000.signature } })).toEqual(
      expect.objectContaining({ bPassed: false, sDetail: expect.stringMatching(/round 999/) }),
    );
    expect(verifyDrawBeacon({ ...published(), drandRound: undefined }).bPassed).toBe(false);
    const checks = verifyDraw({ ...published(), beaconHex: otherBeacon }, { verifyBeacon: verifyDrawBeacon });
    expect(checks.filter((c) => !c.bPassed).map((c) => c.sCheck)).toEqual(['winners', 'beacon']);
  });
});
