import type { RaffleDetail, RaffleProofAnswer } from '../../../../protocol/raffle';
import { publishedDraw } from '../../../../protocol/raffle';
import {
  type DrawCheck,
  type DrawCheckName,
  type DrawEntry,
  type PublishedDraw,
  verifyDraw,
  verifyMerkleProof,
} from '../../../../protocol/raffleDraw';

/**
 * The Verify panel's checks (docs/raffle-draw.md §9), run in the browser with the same module the
 * server draws with: the seed against the commitment, the member's own entry against the root,
 * the list against the root, every winner replayed, the prizes, and the beacon when there is one.
 */
export type VerifyCheckID = DrawCheckName | 'own-entry';

export interface VerifyCheck {
  id: VerifyCheckID;
  label: string;
  bPassed: boolean;
  /** False when the check does not apply (the member did not enter). */
  bApplies: boolean;
  sDetail: string;
}

const LABELS: Record<VerifyCheckID, string> = {
  commitment: 'The revealed seed matches the commitment published at opening',
  'own-entry': 'Your entry is in the published list (Merkle path to the root)',
  entries: 'The published entry list is well formed',
  root: 'The entry list hashes to the root published at close',
  winners: 'Replaying the draw from the seed and the entries gives the same winners',
  prizes: 'The prizes add up to the number of picks',
  beacon: 'The drand beacon round verifies under the chain’s public key',
};

/** In the order a member reads them: the seed, their entry, the list, the winners. */
const ORDER: VerifyCheckID[] = ['commitment', 'own-entry', 'entries', 'root', 'winners', 'prizes', 'beacon'];

export interface VerifyInput {
  raffle: RaffleDetail;
  entries: readonly DrawEntry[];
  proof: RaffleProofAnswer | null;
  /** drand.ts's verifyDrawBeacon, loaded only for a draw that used a beacon (it brings the BLS code). */
  verifyBeacon?: (published: PublishedDraw) => DrawCheck;
}

const pathLength = (hashes: number) =>
  hashes === 0 ? 'its own leaf is the root' : `${hashes} hash${hashes === 1 ? '' : 'es'}`;

function ownEntryCheck(raffle: RaffleDetail, proof: RaffleProofAnswer | null): VerifyCheck {
  const base = { id: 'own-entry' as const, label: LABELS['own-entry'] };
  const own = raffle.pYourEntry;
  if (!own) return { ...base, bApplies: false, bPassed: true, sDetail: 'You did not enter this raffle.' };
  if (proof?.iErrorCode !== 0) {
    return { ...base, bApplies: true, bPassed: false, sDetail: 'The server gave no Merkle path for your entry.' };
  }
  const sameEntry = proof.pEntry.sEntrantID === own.sEntrantID && proof.pEntry.iTickets === own.iTickets;
  const bPassed = sameEntry && verifyMerkleProof(own, proof.pProof, raffle.sRoot);
  return {
    ...base,
    bApplies: true,
    bPassed,
    sDetail: bPassed
      ? `${own.sEntrantID} with ${own.iTickets} ticket${own.iTickets === 1 ? '' : 's'}, ${pathLength(proof.pProof.siblings.length)}${proof.pProof.siblings.length ? ' up to the root' : ''}`
      : `Your entry ${own.sEntrantID} (${own.iTickets} tickets) does not lead to the published root`,
  };
}

/** Every check, in reading order. Never throws: a broken input is a failed check. */
export function verifyRaffle(input: VerifyInput): VerifyCheck[] {
  const draw = verifyDraw(publishedDraw(input.raffle, input.entries), { verifyBeacon: input.verifyBeacon });
  const byName = new Map(draw.map((check) => [check.sCheck as VerifyCheckID, check]));
  const checks = new Map<VerifyCheckID, VerifyCheck>();
  for (const [id, check] of byName) {
    checks.set(id, { id, label: LABELS[id], bApplies: true, bPassed: check.bPassed, sDetail: check.sDetail });
  }
  checks.set('own-entry', ownEntryCheck(input.raffle, input.proof));
  return ORDER.flatMap((id) => checks.get(id) ?? []);
}

export function allPassed(checks: readonly VerifyCheck[]): boolean {
  return checks.length > 0 && checks.every((check) => check.bPassed);
}
