import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import vectorFile from '../docs/raffle-draw-vectors.json';
import { beaconSignatureHolds, canonical, main, merkleRoot, proofHolds, proofOf, replay } from './verify-draw';

interface Vector {
  name: string;
  seedHex: string;
  commitmentHex: string;
  entries: Array<{ sEntrantID: string; iTickets: number }>;
  rootHex: string;
  drandRound?: { round: number; signature: string };
  beaconHex?: string;
  prizes: number;
  picks: Array<{ iPick: number; total: string; limit: string; rejected: string[]; ticket: string; sEntrantID: string }>;
}

/** The standalone verifier, written from the document, against the document's vectors. */
describe('scripts/verify-draw.ts replays docs/raffle-draw-vectors.json', () => {
  for (const vector of (vectorFile as { vectors: Vector[] }).vectors) {
    it(vector.name, () => {
      const sorted = canonical([...vector.entries].reverse());
      expect(sorted).toEqual(vector.entries);
      expect(merkleRoot(sorted)).toBe(vector.rootHex);
      expect(bytesToHex(sha256(Uint8Array.from(Buffer.from(vector.seedHex, 'hex'))))).toBe(vector.commitmentHex);
      if (vector.drandRound) {
        expect(beaconSignatureHolds(vector.drandRound.round, vector.drandRound.signature)).toBe(true);
        expect(beaconSignatureHolds(vector.drandRound.round + 1, vector.drandRound.signature)).toBe(false);
      }
      const picks = replay(sorted, vector.seedHex, vector.rootHex, vector.beaconHex, vector.prizes);
      expect(
        picks.map((p) => ({
          iPick: p.pick,
          total: String(p.total),
          limit: String(p.limit),
          rejected: p.rejected.map(String),
          ticket: String(p.ticket),
          sEntrantID: p.winner,
        })),
      ).toEqual(
        vector.picks.map(({ iPick, total, limit, rejected, ticket, sEntrantID }) => ({
          iPick,
          total,
          limit,
          rejected,
          ticket,
          sEntrantID,
        })),
      );
      for (const entry of sorted) {
        const proof = proofOf(sorted, entry.sEntrantID);
        expect(proof && proofHolds(entry, proof, vector.rootHex)).toBe(true);
        expect(proof && proofHolds({ ...entry, iTickets: entry.iTickets + 1 }, proof, vector.rootHex)).toBe(false);
      }
    });
  }

  it('refuses invalid lists and answers wrong usage with exit 2', async () => {
    expect(() =>
      canonical([
        { sEntrantID: 'a', iTickets: 1 },
        { sEntrantID: 'a', iTickets: 2 },
      ]),
    ).toThrow(/twice/);
    expect(() => canonical([{ sEntrantID: 'a:b', iTickets: 1 }])).toThrow(/sEntrantID/);
    expect(() => canonical([{ sEntrantID: 'a', iTickets: 0 }])).toThrow(/iTickets/);
    expect(merkleRoot([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect((await main([])).exitCode).toBe(2);
    expect((await main(['ftp://portal', '1'])).exitCode).toBe(2);
    expect((await main(['http://127.0.0.1:1', '1'])).exitCode).toBe(1);
  });
});
