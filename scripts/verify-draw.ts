/**
 * An outsider's check of a raffle draw, written from docs/raffle-draw.md alone: it imports none of
 * the portal's code, only the @noble hash and curve libraries (and node:fs for a proof file).
 *
 *   node --import tsx scripts/verify-draw.ts PORTAL_URL RAFFLE_ID [--entrant ID] [--proof FILE]
 *
 * It asks the portal's published answers signed out (§11: getRaffle, getRaffleEntries), then checks
 * the entry list (§2–§3), the commitment (§1), the Merkle root (§4), the drand beacon when the raffle
 * used one (§8: the BLS signature under quicknet's public key), the winners (§5–§7) and their prizes.
 * `--entrant ID` also builds and checks that entrant's Merkle proof from the list; `--proof FILE`
 * checks a member's own proof, a getRaffleProof answer saved as JSON. Exit 0 when every check
 * passes, 1 when one fails (or the portal cannot be read), 2 on wrong usage.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

// ── §8: the quicknet chain, as the document gives it ───────────────────────────────────────

export const QUICKNET = {
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  genesisTime: 1692803367,
  period: 3,
  dst: 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_',
};

// ── What the portal answers (§11) ───────────────────────────────────────────────────────────

export interface Entry {
  sEntrantID: string;
  iTickets: number;
}

interface PublishedRaffle {
  iRaffleID: number;
  sTitle: string;
  sStatus: string;
  iClosesAt: number;
  iEntrantCount: number;
  iTicketTotal: number;
  sCommitment: string;
  sRoot: string;
  sSeed: string;
  aPrizes: Array<{ sPrizeID: string; iQuantity: number }>;
  aWinners: Array<{ iPick: number; sEntrantID: string; sPrizeID: string }>;
  pBeacon: { iRound: number; iRoundAt: number; sSignature: string; sRandomness: string } | null;
}

export interface Proof {
  index: number;
  leafCount: number;
  siblings: Array<{ side: 'left' | 'right'; hash: string }>;
}

export interface Check {
  name: string;
  passed: boolean;
  detail: string;
}

// ── §2–§7, from the document ───────────────────────────────────────────────────────────────

const HEX32 = /^[0-9a-f]{64}$/;
const ENTRANT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const TWO_64 = 1n << 64n;

const hash = (...parts: Uint8Array[]) => sha256(concatBytes(...parts));
const hex32 = (value: string, what: string): Uint8Array => {
  if (typeof value !== 'string' || !HEX32.test(value)) throw new Error(`${what} is not 64 lowercase hex characters`);
  return hexToBytes(value);
};

/** §2–§3: every entry valid, ids unique, the total a safe integer; the list in canonical (bytewise) order. */
export function canonical(entries: readonly Entry[]): Entry[] {
  let total = 0;
  for (const entry of entries) {
    if (typeof entry?.sEntrantID !== 'string' || !ENTRANT_ID.test(entry.sEntrantID))
      throw new Error(`bad sEntrantID ${JSON.stringify(entry?.sEntrantID)}`);
    if (!Number.isSafeInteger(entry.iTickets) || entry.iTickets < 1)
      throw new Error(`bad iTickets for ${entry.sEntrantID}`);
    total += entry.iTickets;
  }
  if (!Number.isSafeInteger(total)) throw new Error('the ticket total exceeds 2^53 − 1');
  const sorted = [...entries].sort((a, b) => (a.sEntrantID < b.sEntrantID ? -1 : a.sEntrantID > b.sEntrantID ? 1 : 0));
  for (let i = 1; i < sorted.length; i++)
    if (sorted[i - 1]?.sEntrantID === sorted[i]?.sEntrantID) throw new Error(`${sorted[i]?.sEntrantID} appears twice`);
  return sorted;
}

/** §4: sha256(0x00 ‖ id ‖ ':' ‖ decimal tickets). */
export function leaf(entry: Entry): Uint8Array {
  return hash(Uint8Array.of(0x00), utf8ToBytes(`${entry.sEntrantID}:${entry.iTickets}`));
}

const node = (left: Uint8Array, right: Uint8Array) => hash(Uint8Array.of(0x01), left, right);

/** §4: the levels of the tree over a canonical list, leaves first; an odd last hash is promoted. */
function levels(sorted: readonly Entry[]): Uint8Array[][] {
  const all = [sorted.map(leaf)];
  for (let level = all[0] as Uint8Array[]; level.length > 1; ) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i] as Uint8Array;
      const right = level[i + 1];
      next.push(right ? node(left, right) : left);
    }
    all.push(next);
    level = next;
  }
  return all;
}

export function merkleRoot(sorted: readonly Entry[]): string {
  if (sorted.length === 0) return bytesToHex(sha256(new Uint8Array(0)));
  return bytesToHex((levels(sorted).at(-1) as Uint8Array[])[0] as Uint8Array);
}

/** §4: the proof of one entry, from the leaf level up. */
export function proofOf(sorted: readonly Entry[], entrantId: string): Proof | null {
  const index = sorted.findIndex((entry) => entry.sEntrantID === entrantId);
  if (index < 0) return null;
  const siblings: Proof['siblings'] = [];
  let i = index;
  for (const level of levels(sorted).slice(0, -1)) {
    if (i % 2 === 1) siblings.push({ side: 'left', hash: bytesToHex(level[i - 1] as Uint8Array) });
    else if (i + 1 < level.length) siblings.push({ side: 'right', hash: bytesToHex(level[i + 1] as Uint8Array) });
    i = Math.floor(i / 2);
  }
  return { index, leafCount: sorted.length, siblings };
}

/** §4: the proof's sides and count are those index and leafCount give, and it hashes up to the root. */
export function proofHolds(entry: Entry, proof: Proof, rootHex: string): boolean {
  const { index, leafCount, siblings } = proof;
  if (!Number.isSafeInteger(index) || !Number.isSafeInteger(leafCount) || index < 0 || index >= leafCount) return false;
  const sides: string[] = [];
  for (let i = index, n = leafCount; n > 1; i = Math.floor(i / 2), n = Math.ceil(n / 2)) {
    if (i % 2 === 1) sides.push('left');
    else if (i + 1 < n) sides.push('right');
  }
  if (!Array.isArray(siblings) || sides.length !== siblings.length) return false;
  let current = leaf(entry);
  for (const [k, sibling] of siblings.entries()) {
    if (sibling.side !== sides[k] || !HEX32.test(sibling.hash)) return false;
    const other = hexToBytes(sibling.hash);
    current = sibling.side === 'left' ? node(other, current) : node(current, other);
  }
  return bytesToHex(current) === rootHex;
}

/** §5: the uint64 values of the stream block(0) ‖ block(1) ‖ …, read 8 bytes at a time. */
export function* uint64Stream(randomness: Uint8Array): Generator<bigint> {
  for (let block = 0n; ; block++) {
    const counter = new Uint8Array(8);
    new DataView(counter.buffer).setBigUint64(0, block);
    const bytes = hash(randomness, counter);
    for (let at = 0; at < 32; at += 8) yield new DataView(bytes.buffer, at, 8).getBigUint64(0);
  }
}

/** What a replay did at each pick: the values it read (the rejected ones first), T and the ticket. */
export interface PickTrace {
  pick: number;
  total: bigint;
  limit: bigint;
  rejected: bigint[];
  ticket: bigint;
  winner: string;
}

/** §5–§7 with a linear walk of the ticket line: the ordered winners, and how each was drawn. */
export function replay(
  sorted: readonly Entry[],
  seedHex: string,
  rootHex: string,
  beaconHex: string | undefined,
  prizes: number,
): PickTrace[] {
  const parts = [hex32(seedHex, 'the seed'), hex32(rootHex, 'the root')];
  if (beaconHex !== undefined) parts.push(hex32(beaconHex, 'the beacon'));
  const stream = uint64Stream(hash(...parts));
  const remaining = sorted.map((entry) => ({ id: entry.sEntrantID, tickets: BigInt(entry.iTickets) }));
  const picks: PickTrace[] = [];
  while (picks.length < prizes && remaining.length > 0) {
    const total = remaining.reduce((sum, entry) => sum + entry.tickets, 0n);
    const limit = TWO_64 - (TWO_64 % total);
    const rejected: bigint[] = [];
    let x = stream.next().value as bigint;
    while (x >= limit) {
      rejected.push(x);
      x = stream.next().value as bigint;
    }
    const ticket = x % total;
    let k = 0;
    for (let before = 0n; before + (remaining[k] as { tickets: bigint }).tickets <= ticket; k++)
      before += (remaining[k] as { tickets: bigint }).tickets;
    const [won] = remaining.splice(k, 1);
    picks.push({ pick: picks.length + 1, total, limit, rejected, ticket, winner: (won as { id: string }).id });
  }
  return picks;
}

/** §8: the round's BLS signature on sha256(uint64be(round)) verifies under quicknet's key. */
export function beaconSignatureHolds(round: number, signatureHex: string): boolean {
  try {
    const message = new Uint8Array(8);
    new DataView(message.buffer).setBigUint64(0, BigInt(round));
    const signatures = bls12_381.shortSignatures;
    const point = signatures.hash(sha256(message), QUICKNET.dst);
    return signatures.verify(hexToBytes(signatureHex), point, hexToBytes(QUICKNET.publicKey));
  } catch {
    return false;
  }
}

// ── Reading the portal, signed out ─────────────────────────────────────────────────────────

type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<{
  json(): Promise<unknown>;
}>;

async function ask<T>(fetcher: Fetch, portalUrl: string, action: string, raffleId: number): Promise<T> {
  const response = await fetcher(`${portalUrl.replace(/\/$/, '')}/api/portal/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `iRaffleID=${raffleId}`,
  });
  const answer = (await response.json()) as { iErrorCode?: number; sMessage?: string };
  if (answer.iErrorCode !== 0) throw new Error(`${action} answered ${answer.iErrorCode}: ${answer.sMessage ?? ''}`);
  return answer as T;
}

export interface VerifyOptions {
  /** Check this entrant's proof, built from the published list. */
  entrant?: string;
  /** Check a member's own proof: a getRaffleProof answer. */
  proof?: { sRoot: string; pEntry: Entry; pProof: Proof };
  fetch?: Fetch;
}

export async function verifyPublishedDraw(
  portalUrl: string,
  raffleId: number,
  options: VerifyOptions = {},
): Promise<{ title: string; checks: Check[] }> {
  const fetcher = options.fetch ?? (fetch as unknown as Fetch);
  const { pRaffle: raffle } = await ask<{ pRaffle: PublishedRaffle }>(fetcher, portalUrl, 'getRaffle', raffleId);
  const { aEntries, sRoot } = await ask<{ aEntries: Entry[]; sRoot: string }>(
    fetcher,
    portalUrl,
    'getRaffleEntries',
    raffleId,
  );
  const checks: Check[] = [];
  const check = (name: string, run: () => string | { failed: string }) => {
    try {
      const outcome = run();
      checks.push(
        typeof outcome === 'string'
          ? { name, passed: true, detail: outcome }
          : { name, passed: false, detail: outcome.failed },
      );
    } catch (error) {
      checks.push({ name, passed: false, detail: error instanceof Error ? error.message : String(error) });
    }
  };
  const title = `Raffle ${raffle.iRaffleID} "${raffle.sTitle}" (${raffle.sStatus})`;
  if (raffle.sStatus !== 'drawn' && raffle.sStatus !== 'drawing') {
    checks.push({ name: 'drawn', passed: false, detail: `the raffle is ${raffle.sStatus}: the seed is not revealed` });
    return { title, checks };
  }
  let sorted: Entry[] = [];
  check('entries', () => {
    sorted = canonical(aEntries);
    const inOrder = sorted.every((entry, i) => entry === aEntries[i]);
    const tickets = sorted.reduce((sum, entry) => sum + entry.iTickets, 0);
    if (!inOrder) return { failed: 'the list is not in canonical order' };
    if (sorted.length !== raffle.iEntrantCount || tickets !== raffle.iTicketTotal)
      return {
        failed: `${sorted.length} entrants, ${tickets} tickets; getRaffle says ${raffle.iEntrantCount}, ${raffle.iTicketTotal}`,
      };
    return `${sorted.length} entrants, ${tickets} tickets, in canonical order`;
  });
  check('commitment', () => {
    const digest = bytesToHex(sha256(hex32(raffle.sSeed, 'the seed')));
    return digest === raffle.sCommitment ? `sha256(seed) = ${digest}` : { failed: `sha256(seed) is ${digest}` };
  });
  check('root', () => {
    const root = merkleRoot(sorted);
    if (sRoot !== raffle.sRoot) return { failed: 'getRaffle and getRaffleEntries publish different roots' };
    return root === raffle.sRoot ? `Merkle root ${root}` : { failed: `the entry list's root is ${root}` };
  });
  const beacon = raffle.pBeacon;
  if (beacon) {
    check('beacon', () => {
      const { iRound, sSignature, sRandomness } = beacon;
      const roundAt = QUICKNET.genesisTime + (iRound - 1) * QUICKNET.period;
      if (beacon.iRoundAt !== roundAt * 1000) return { failed: `round ${iRound} is published at ${roundAt} s` };
      if (roundAt * 1000 <= raffle.iClosesAt) return { failed: `round ${iRound} was published before entries closed` };
      if (!/^[0-9a-f]{96}$/.test(sSignature)) return { failed: 'the signature is not 48 bytes of hex' };
      if (!beaconSignatureHolds(iRound, sSignature))
        return { failed: `the signature of round ${iRound} does not verify` };
      const randomness = bytesToHex(sha256(hexToBytes(sSignature)));
      if (randomness !== sRandomness) return { failed: `the round's randomness is ${randomness}` };
      return `drand quicknet round ${iRound} verifies under the chain's key; beacon ${randomness}`;
    });
  }
  const prizeUnits = raffle.aPrizes.reduce((sum, prize) => sum + prize.iQuantity, 0);
  check('winners', () => {
    const picks = replay(sorted, raffle.sSeed, raffle.sRoot, beacon ? beacon.sRandomness : undefined, prizeUnits);
    const expected = picks.map((p) => `#${p.pick} ${p.winner}`).join(', ');
    const published = [...raffle.aWinners]
      .sort((a, b) => a.iPick - b.iPick)
      .map((w) => `#${w.iPick} ${w.sEntrantID}`)
      .join(', ');
    const rejected = picks.reduce((sum, p) => sum + p.rejected.length, 0);
    if (expected !== published || picks.length !== raffle.aWinners.length)
      return { failed: `the replay draws ${expected || 'nobody'}; the portal published ${published || 'nobody'}` };
    return `${picks.length} winners replayed (${rejected} value(s) rejected): ${expected || 'none'}`;
  });
  check('prizes', () => {
    const byPick = [...raffle.aWinners].sort((a, b) => a.iPick - b.iPick);
    const owed = raffle.aPrizes.flatMap((prize) => Array.from({ length: prize.iQuantity }, () => prize.sPrizeID));
    const wrong = byPick.find((winner, i) => winner.sPrizeID !== owed[i]);
    if (wrong)
      return { failed: `pick ${wrong.iPick} got ${wrong.sPrizeID}, the list gives it ${owed[byPick.indexOf(wrong)]}` };
    return `${byPick.length} of ${prizeUnits} prize units awarded in list order`;
  });
  if (options.entrant !== undefined) {
    const entrant = options.entrant;
    check(`proof of ${entrant}`, () => {
      const proof = proofOf(sorted, entrant);
      if (!proof) return { failed: `${entrant} is not in the entry list` };
      const entry = sorted[proof.index] as Entry;
      return proofHolds(entry, proof, raffle.sRoot)
        ? `${entry.iTickets} tickets, leaf ${proof.index} of ${proof.leafCount}: ${JSON.stringify(proof.siblings)}`
        : { failed: 'the proof built from the list does not reach the root' };
    });
  }
  if (options.proof) {
    const { pEntry, pProof, sRoot: proofRoot } = options.proof;
    check(`member's proof of ${pEntry?.sEntrantID}`, () => {
      if (proofRoot !== raffle.sRoot) return { failed: 'the proof is for another root' };
      return proofHolds(pEntry, pProof, raffle.sRoot)
        ? `${pEntry.sEntrantID} with ${pEntry.iTickets} tickets is in the list the root seals`
        : { failed: 'the proof does not reach the root' };
    });
  }
  return { title, checks };
}

export function report(title: string, checks: readonly Check[]): string {
  const ok = checks.length > 0 && checks.every((c) => c.passed);
  return [
    title,
    ...checks.map((c) => `  ${c.passed ? 'PASS' : 'FAIL'} ${c.name.padEnd(12)} ${c.detail}`),
    ok ? 'Every check passed: the draw is the one the document defines.' : 'The draw does NOT verify.',
  ].join('\n');
}

const USAGE = 'usage: node --import tsx scripts/verify-draw.ts PORTAL_URL RAFFLE_ID [--entrant ID] [--proof FILE]';

export async function main(argv: readonly string[]): Promise<{ output: string; exitCode: number }> {
  const [portalUrl, id, ...rest] = argv;
  const raffleId = Number(id);
  const value = (name: string) => {
    const at = rest.indexOf(name);
    return at >= 0 ? rest[at + 1] : undefined;
  };
  if (!portalUrl || !/^https?:\/\//.test(portalUrl) || !Number.isSafeInteger(raffleId) || raffleId < 1)
    return { output: USAGE, exitCode: 2 };
  try {
    const proofFile = value('--proof');
    const proof = proofFile ? JSON.parse(readFileSync(proofFile, 'utf8')) : undefined;
    const { title, checks } = await verifyPublishedDraw(portalUrl, raffleId, { entrant: value('--entrant'), proof });
    const passed = checks.length > 0 && checks.every((c) => c.passed);
    return { output: report(title, checks), exitCode: passed ? 0 : 1 };
  } catch (error) {
    return { output: `Cannot verify: ${error instanceof Error ? error.message : String(error)}`, exitCode: 1 };
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { output, exitCode } = await main(process.argv.slice(2));
  console.log(output);
  process.exitCode = exitCode;
}
