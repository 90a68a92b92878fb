/**
 * The verifiable raffle draw (docs/raffle-draw.md is the specification, byte by byte).
 * Shared by the server (draws) and the browser (verifies and replays): pure, synchronous,
 * deterministic, no floating point in the draw, no Node-only API.
 *
 * Flow: the server publishes commitment(seed) before entries close, then the Merkle root of the
 * entry list when they close; the draw's randomness is sha256(seed ‖ root [‖ beacon]); winners are
 * drawn by tickets, without replacement, from a SHA-256 counter-mode stream.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes } from '@noble/hashes/utils.js';
import type { DrandRound } from './drand';
import { sha256ShortInto } from './sha256Short';

export class RaffleDrawError extends Error {
  override name = 'RaffleDrawError';
}

// ── Hex ─────────────────────────────────────────────────────────────────────────────────────

const HEX_32 = /^[0-9a-f]{64}$/;

/** 32 bytes from 64 lowercase hex characters, or a RaffleDrawError naming the field. */
function bytes32(hex: string, field: string): Uint8Array {
  if (typeof hex !== 'string' || !HEX_32.test(hex)) {
    throw new RaffleDrawError(`${field} must be 64 lowercase hex characters (32 bytes)`);
  }
  return hexToBytes(hex);
}

function sha256Hex(...parts: Uint8Array[]): string {
  return bytesToHex(sha256(concatBytes(...parts)));
}

// ── Commitment ──────────────────────────────────────────────────────────────────────────────

/** Published before entries close: hex sha256 of the 32 seed bytes. */
export function commitment(seedHex: string): string {
  return sha256Hex(bytes32(seedHex, 'seedHex'));
}

// ── Entries ─────────────────────────────────────────────────────────────────────────────────

export interface DrawEntry {
  /** Opaque per-raffle member id: 1 to 64 characters of [A-Za-z0-9_-] (e.g. 16 hex characters). */
  sEntrantID: string;
  /** Positive safe integer. */
  iTickets: number;
}

const ENTRANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** ASCII ids compare bytewise with plain string comparison (UTF-16 code units equal the bytes). */
function compareIDs(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function checkEntry(entry: DrawEntry): void {
  if (typeof entry?.sEntrantID !== 'string' || !ENTRANT_ID.test(entry.sEntrantID)) {
    throw new RaffleDrawError(
      `sEntrantID ${JSON.stringify(entry?.sEntrantID)} is not 1-64 characters of [A-Za-z0-9_-]`,
    );
  }
  if (!Number.isSafeInteger(entry.iTickets) || entry.iTickets < 1) {
    throw new RaffleDrawError(`iTickets of ${entry.sEntrantID} must be a positive safe integer`);
  }
}

/**
 * The canonical entry list: sEntrantID ascending (bytewise), every entry valid, no id twice, and
 * the ticket total a safe integer. Returns a new array; throws RaffleDrawError otherwise.
 */
export function canonicalEntries(entries: readonly DrawEntry[]): DrawEntry[] {
  let total = 0;
  let sorted = true;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    checkEntry(entry);
    total += entry.iTickets;
    if (i > 0 && compareIDs(entries[i - 1]!.sEntrantID, entry.sEntrantID) >= 0) sorted = false;
  }
  if (!Number.isSafeInteger(total)) throw new RaffleDrawError('the ticket total must be a safe integer');
  if (sorted) return entries.slice();
  const canonical = entries.slice().sort((a, b) => compareIDs(a.sEntrantID, b.sEntrantID));
  for (let i = 1; i < canonical.length; i++) {
    if (canonical[i - 1]!.sEntrantID === canonical[i]!.sEntrantID) {
      throw new RaffleDrawError(`duplicate sEntrantID ${canonical[i]!.sEntrantID}`);
    }
  }
  return canonical;
}

// ── Merkle tree ─────────────────────────────────────────────────────────────────────────────

const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;
const COLON = 0x3a;

/** sha256(0x00 ‖ ascii(sEntrantID) ‖ ":" ‖ ascii(decimal iTickets)). */
export function leafHash(entry: DrawEntry): Uint8Array {
  checkEntry(entry);
  return checkedLeafHash(entry);
}

function checkedLeafHash(entry: DrawEntry): Uint8Array {
  const out = new Uint8Array(32);
  leafHashInto(entry, out, 0);
  return out;
}

/** Room for the longest leaf input: the tag, a 64-character id, ":" and a safe integer's digits. */
const leafInput = new Uint8Array(1 + 64 + 1 + 16);

function leafHashInto(entry: DrawEntry, out: Uint8Array, offset: number): void {
  const id = entry.sEntrantID;
  const tickets = String(entry.iTickets);
  leafInput[0] = LEAF_TAG;
  for (let i = 0; i < id.length; i++) leafInput[1 + i] = id.charCodeAt(i);
  leafInput[1 + id.length] = COLON;
  for (let i = 0; i < tickets.length; i++) leafInput[2 + id.length + i] = tickets.charCodeAt(i);
  sha256ShortInto(leafInput.subarray(0, 2 + id.length + tickets.length), out, offset);
}

const nodeInput = new Uint8Array(65);

/** sha256(0x01 ‖ left ‖ right), the 64 bytes left ‖ right given as one slice. */
function nodeHash(leftRight: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  nodeHashInto(leftRight, out, 0);
  return out;
}

function nodeHashInto(leftRight: Uint8Array, out: Uint8Array, offset: number): void {
  nodeInput[0] = NODE_TAG;
  nodeInput.set(leftRight, 1);
  sha256ShortInto(nodeInput, out, offset);
}

/** One tree level: its hashes back to back, 32 bytes each (no object per node: 100,000 leaves stay cheap). */
interface Level {
  hashes: Uint8Array;
  count: number;
}

function hashAt(level: Level, index: number): Uint8Array {
  return level.hashes.subarray(index * 32, index * 32 + 32);
}

function leafLevel(canonical: readonly DrawEntry[]): Level {
  const hashes = new Uint8Array(canonical.length * 32);
  for (let i = 0; i < canonical.length; i++) leafHashInto(canonical[i]!, hashes, i * 32);
  return { hashes, count: canonical.length };
}

/** The next level up: pairs hashed, an odd last node promoted unchanged. */
function parentLevel(level: Level): Level {
  const count = Math.ceil(level.count / 2);
  const hashes = new Uint8Array(count * 32);
  for (let i = 0; 2 * i + 1 < level.count; i++) {
    nodeHashInto(level.hashes.subarray(i * 64, i * 64 + 64), hashes, i * 32);
  }
  if (level.count % 2 === 1) hashes.set(hashAt(level, level.count - 1), (count - 1) * 32);
  return { hashes, count };
}

/** Root of the empty list: sha256 of no bytes (it cannot be a leaf or a node, which are tagged). */
const EMPTY_ROOT = bytesToHex(sha256(new Uint8Array(0)));

function rootOfCanonical(canonical: readonly DrawEntry[]): string {
  if (canonical.length === 0) return EMPTY_ROOT;
  let level = leafLevel(canonical);
  while (level.count > 1) level = parentLevel(level);
  return bytesToHex(level.hashes);
}

/** Hex Merkle root over the canonical order of the entries. */
export function merkleRoot(entries: readonly DrawEntry[]): string {
  return rootOfCanonical(canonicalEntries(entries));
}

export interface MerkleSibling {
  /** Where the sibling sits: 'left' means parent = H(0x01 ‖ sibling ‖ current). */
  side: 'left' | 'right';
  hash: string;
}

export interface MerkleProof {
  /** 0-based position of the leaf in the canonical order. */
  index: number;
  /** Number of leaves in the tree: with index, it fixes which levels have a sibling and on which side. */
  leafCount: number;
  /** From the leaf level up; a level where the node is promoted has no sibling. */
  siblings: MerkleSibling[];
}

/** Sibling sides from leaf to root for a leaf position (levels where it is promoted are skipped). */
function siblingSides(index: number, leafCount: number): Array<'left' | 'right'> {
  const sides: Array<'left' | 'right'> = [];
  for (let i = index, n = leafCount; n > 1; i = Math.floor(i / 2), n = Math.ceil(n / 2)) {
    if (i % 2 === 1) sides.push('left');
    else if (i + 1 < n) sides.push('right');
  }
  return sides;
}

/** Proof that sEntrantID's entry (with its ticket count) is in the list whose root is merkleRoot(entries). */
export function merkleProof(entries: readonly DrawEntry[], sEntrantID: string): MerkleProof {
  const canonical = canonicalEntries(entries);
  const index = canonical.findIndex((entry) => entry.sEntrantID === sEntrantID);
  if (index < 0) throw new RaffleDrawError(`sEntrantID ${sEntrantID} is not in the entry list`);
  const siblings: MerkleSibling[] = [];
  let level = leafLevel(canonical);
  for (let i = index; level.count > 1; i = Math.floor(i / 2)) {
    const siblingIndex = i % 2 === 1 ? i - 1 : i + 1;
    if (siblingIndex < level.count) {
      siblings.push({ side: i % 2 === 1 ? 'left' : 'right', hash: bytesToHex(hashAt(level, siblingIndex)) });
    }
    level = parentLevel(level);
  }
  return { index, leafCount: canonical.length, siblings };
}

/** True when the entry, hashed up along the proof, gives rootHex. Never throws. */
export function verifyMerkleProof(leafEntry: DrawEntry, proof: MerkleProof, rootHex: string): boolean {
  try {
    const { index, leafCount, siblings } = proof;
    if (!Number.isSafeInteger(leafCount) || !Number.isSafeInteger(index) || index < 0 || index >= leafCount) {
      return false;
    }
    const sides = siblingSides(index, leafCount);
    if (sides.length !== siblings.length) return false;
    let hash = leafHash(leafEntry);
    for (let i = 0; i < siblings.length; i++) {
      const sibling = siblings[i]!;
      if (sibling.side !== sides[i]) return false;
      const other = bytes32(sibling.hash, 'sibling hash');
      hash = nodeHash(sibling.side === 'left' ? concatBytes(other, hash) : concatBytes(hash, other));
    }
    return bytesToHex(hash) === rootHex;
  } catch {
    return false;
  }
}

// ── Randomness ──────────────────────────────────────────────────────────────────────────────

/** sha256(seed ‖ root [‖ beacon]), each 32 bytes; hex. */
export function drawRandomness(seedHex: string, rootHex: string, beaconHex?: string): string {
  const parts = [bytes32(seedHex, 'seedHex'), bytes32(rootHex, 'rootHex')];
  if (beaconHex !== undefined) parts.push(bytes32(beaconHex, 'beaconHex'));
  return sha256Hex(...parts);
}

export interface RandomStream {
  /** The next 4 bytes of the stream, big-endian. */
  nextUint32(): number;
  /** The next 8 bytes of the stream, big-endian. */
  nextUint64(): bigint;
}

/**
 * The byte stream block(0) ‖ block(1) ‖ … with block(i) = sha256(randomness ‖ uint64be(i)),
 * read front to back: each value takes the next 4 or 8 bytes, across block boundaries if need be.
 */
export function createRandomStream(randomnessHex: string): RandomStream {
  const input = new Uint8Array(40);
  input.set(bytes32(randomnessHex, 'randomnessHex'), 0);
  const counter = new DataView(input.buffer, 32, 8);
  let nextBlock = 0;
  let block = new Uint8Array(0);
  let offset = 0;
  const nextByte = (): number => {
    if (offset === block.length) {
      counter.setBigUint64(0, BigInt(nextBlock++));
      block = sha256(input);
      offset = 0;
    }
    return block[offset++]!;
  };
  const nextUint32 = (): number => ((nextByte() << 24) | (nextByte() << 16) | (nextByte() << 8) | nextByte()) >>> 0;
  return {
    nextUint32,
    nextUint64: () => {
      const high = BigInt(nextUint32());
      return (high << 32n) | BigInt(nextUint32());
    },
  };
}

const TWO_POW_64 = 1n << 64n;

/**
 * A uniform integer in [0, n) by rejection sampling on uint64 values: a value x is used only when
 * x < 2^64 − (2^64 mod n), so every residue has the same number of preimages (no modulo bias).
 * n from 1 to 2^64; a number n must be a safe integer and gives a number back.
 */
export function uniformBelow(stream: RandomStream, n: number): number;
export function uniformBelow(stream: RandomStream, n: bigint): bigint;
export function uniformBelow(stream: RandomStream, n: number | bigint): number | bigint {
  if (typeof n === 'number' && !Number.isSafeInteger(n)) throw new RaffleDrawError('n must be a safe integer');
  const bound = BigInt(n);
  if (bound < 1n || bound > TWO_POW_64) throw new RaffleDrawError('n must be between 1 and 2^64');
  const limit = TWO_POW_64 - (TWO_POW_64 % bound);
  for (;;) {
    const x = stream.nextUint64();
    if (x < limit) return typeof n === 'number' ? Number(x % bound) : x % bound;
  }
}

// ── Fenwick tree over ticket counts ─────────────────────────────────────────────────────────

/** Binary indexed tree of ticket counts: prefix sums, removal and "whose ticket is t" in O(log n). */
class TicketTree {
  // Sums stay below 2^53 (checked by canonicalEntries), so doubles hold them exactly.
  private readonly tree: Float64Array;
  private readonly topStep: number;

  constructor(tickets: readonly number[]) {
    const n = tickets.length;
    this.tree = new Float64Array(n + 1);
    for (let i = 1; i <= n; i++) {
      this.tree[i]! += tickets[i - 1]!;
      const parent = i + (i & -i);
      if (parent <= n) this.tree[parent]! += this.tree[i]!;
    }
    let step = 1;
    while (step * 2 <= n) step *= 2;
    this.topStep = n === 0 ? 0 : step;
  }

  /** Adds delta to the count at 0-based index. */
  add(index: number, delta: number): void {
    for (let i = index + 1; i < this.tree.length; i += i & -i) this.tree[i]! += delta;
  }

  /** The 0-based index i with prefix(i) ≤ ticket < prefix(i + 1), prefix(i) being the sum before i. */
  owner(ticket: number): number {
    let position = 0;
    let remaining = ticket;
    for (let step = this.topStep; step > 0; step = Math.floor(step / 2)) {
      const next = position + step;
      if (next < this.tree.length && this.tree[next]! <= remaining) {
        position = next;
        remaining -= this.tree[next]!;
      }
    }
    return position;
  }
}

// ── The draw ────────────────────────────────────────────────────────────────────────────────

export interface DrawInput {
  entries: readonly DrawEntry[];
  seedHex: string;
  /** The published root of these entries; computed when absent (trusted as given: verifyDraw checks it). */
  rootHex?: string;
  /** 32-byte public beacon (e.g. a drand round's randomness), when the raffle uses one. */
  beaconHex?: string;
  /** Total prize units: the number of picks (at most one per entrant). */
  prizes: number;
}

export interface DrawWinner {
  sEntrantID: string;
  /** 1-based pick number: pick 1 is drawn first. */
  iPick: number;
}

/**
 * Ordered winners, weighted by tickets, without replacement: each pick draws a ticket uniformly
 * among the tickets of the entrants not yet drawn. With more prize units than entrants, every
 * entrant wins once and the remaining units go unawarded.
 */
export function drawWinners(input: DrawInput): DrawWinner[] {
  const { seedHex, beaconHex, prizes } = input;
  if (!Number.isSafeInteger(prizes) || prizes < 0) throw new RaffleDrawError('prizes must be a non-negative integer');
  const canonical = canonicalEntries(input.entries);
  const rootHex = input.rootHex ?? rootOfCanonical(canonical);
  const stream = createRandomStream(drawRandomness(seedHex, rootHex, beaconHex));

  const tickets = canonical.map((entry) => entry.iTickets);
  const tree = new TicketTree(tickets);
  let remaining = tickets.reduce((sum, count) => sum + count, 0);
  const picks = Math.min(prizes, canonical.length);
  const winners: DrawWinner[] = [];
  for (let pick = 1; pick <= picks; pick++) {
    const index = tree.owner(uniformBelow(stream, remaining));
    winners.push({ sEntrantID: canonical[index]!.sEntrantID, iPick: pick });
    tree.add(index, -tickets[index]!);
    remaining -= tickets[index]!;
  }
  return winners;
}

// ── Prizes ──────────────────────────────────────────────────────────────────────────────────

export interface DrawPrize {
  sPrizeID: string;
  /** Positive integer: units of this prize. */
  iQuantity: number;
}

export interface DrawAward extends DrawWinner {
  sPrizeID: string;
}

/** Total prize units of a prize list: the `prizes` of the draw. */
export function prizeUnits(prizes: readonly DrawPrize[]): number {
  let total = 0;
  for (const prize of prizes) {
    if (typeof prize.sPrizeID !== 'string' || prize.sPrizeID === '') throw new RaffleDrawError('sPrizeID is empty');
    if (!Number.isSafeInteger(prize.iQuantity) || prize.iQuantity < 1) {
      throw new RaffleDrawError(`iQuantity of ${prize.sPrizeID} must be a positive integer`);
    }
    total += prize.iQuantity;
  }
  if (!Number.isSafeInteger(total)) throw new RaffleDrawError('the prize total must be a safe integer');
  return total;
}

/**
 * Picks onto prizes in list order: the first iQuantity picks get the first prize, the next ones the
 * second, and so on. Units without a pick (fewer entrants than units) are unawarded.
 */
export function assignPrizes(winners: readonly DrawWinner[], prizes: readonly DrawPrize[]): DrawAward[] {
  if (winners.length > prizeUnits(prizes)) throw new RaffleDrawError('more winners than prize units');
  const awards: DrawAward[] = [];
  const byPick = [...winners].sort((a, b) => a.iPick - b.iPick);
  let next = 0;
  for (const prize of prizes) {
    for (let unit = 0; unit < prize.iQuantity && next < byPick.length; unit++, next++) {
      awards.push({ ...byPick[next]!, sPrizeID: prize.sPrizeID });
    }
  }
  return awards;
}

// ── Verification (browser) ──────────────────────────────────────────────────────────────────

/** What the raffle publishes once drawn: enough for anyone to replay the draw. */
export interface PublishedDraw {
  /** Published before entries closed. */
  commitmentHex: string;
  /** Revealed after the draw. */
  seedHex: string;
  /** Published when entries closed. */
  rootHex: string;
  entries: readonly DrawEntry[];
  prizes: number;
  winners: readonly DrawWinner[];
  /** When the raffle used a public beacon: its 32-byte randomness and the drand round it came from. */
  beaconHex?: string;
  drandRound?: DrandRound;
  /** When published, its units must add up to `prizes`. */
  prizeList?: readonly DrawPrize[];
}

export type DrawCheckName = 'entries' | 'commitment' | 'root' | 'winners' | 'prizes' | 'beacon';

export interface DrawCheck {
  sCheck: DrawCheckName;
  bPassed: boolean;
  sDetail: string;
}

export interface VerifyDrawOptions {
  /**
   * Checks the beacon (verifyDrawBeacon of drand.ts). Injected so this module stays free of BLS;
   * without it, a draw that used a beacon gets a failed 'beacon' check.
   */
  verifyBeacon?: (published: PublishedDraw) => DrawCheck;
}

/** A check that reports a thrown error as a failure instead of throwing. */
function runCheck(sCheck: DrawCheckName, check: () => { bPassed: boolean; sDetail: string }): DrawCheck {
  try {
    return { sCheck, ...check() };
  } catch (error) {
    return { sCheck, bPassed: false, sDetail: error instanceof Error ? error.message : String(error) };
  }
}

function sameWinners(a: readonly DrawWinner[], b: readonly DrawWinner[]): boolean {
  return a.length === b.length && a.every((w, i) => w.sEntrantID === b[i]?.sEntrantID && w.iPick === b[i]?.iPick);
}

/** Replays a published draw; every check is reported, none throws. */
export function verifyDraw(published: PublishedDraw, options: VerifyDrawOptions = {}): DrawCheck[] {
  // Sorted and hashed once here: the root and the replay reuse them.
  let entries = published.entries;
  let entriesRoot: string | undefined;
  const checks = [
    runCheck('entries', () => {
      entries = canonicalEntries(published.entries);
      const tickets = entries.reduce((sum, entry) => sum + entry.iTickets, 0);
      return { bPassed: true, sDetail: `${entries.length} entrants, ${tickets} tickets` };
    }),
    runCheck('commitment', () => {
      const expected = commitment(published.seedHex);
      const bPassed = expected === published.commitmentHex;
      return { bPassed, sDetail: bPassed ? 'sha256(seed) matches' : `sha256(seed) is ${expected}` };
    }),
    runCheck('root', () => {
      entriesRoot = merkleRoot(entries);
      const bPassed = entriesRoot === published.rootHex;
      return { bPassed, sDetail: bPassed ? 'entry list matches the root' : `entry list root is ${entriesRoot}` };
    }),
    runCheck('winners', () => {
      const { seedHex, beaconHex, prizes } = published;
      const replayed = drawWinners({ entries, seedHex, rootHex: entriesRoot, beaconHex, prizes });
      const bPassed = sameWinners(replayed, published.winners);
      const sDetail = bPassed
        ? `${replayed.length} winners replayed`
        : `replay gives ${replayed.map((w) => w.sEntrantID).join(', ') || 'no winner'}`;
      return { bPassed, sDetail };
    }),
  ];
  if (published.prizeList) {
    const prizeList = published.prizeList;
    checks.push(
      runCheck('prizes', () => {
        const units = prizeUnits(prizeList);
        const bPassed = units === published.prizes;
        return { bPassed, sDetail: `${units} prize units for ${published.prizes} picks` };
      }),
    );
  }
  if (published.beaconHex !== undefined) {
    const verifyBeacon = options.verifyBeacon;
    checks.push(
      verifyBeacon
        ? runCheck('beacon', () => verifyBeacon(published))
        : { sCheck: 'beacon', bPassed: false, sDetail: 'the draw used a beacon and no beacon verifier was given' },
    );
  }
  return checks;
}

export function allChecksPassed(checks: readonly DrawCheck[]): boolean {
  return checks.length > 0 && checks.every((check) => check.bPassed);
}
