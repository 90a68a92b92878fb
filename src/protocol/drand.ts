/**
 * The optional public beacon of the raffle draw: a drand round of the League of Entropy "quicknet"
 * chain (unchained, BLS signatures on G1, scheme bls-unchained-g1-rfc9380). A round's signature is
 * the BLS signature of sha256(uint64be(round)) under the chain's G2 public key, and its randomness
 * is sha256(signature). Pure and synchronous; importing this module loads the BLS12-381 code, so
 * raffleDraw.ts takes it by injection (verifyDraw's verifyBeacon) rather than importing it.
 */
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { DrawCheck, PublishedDraw } from './raffleDraw';

/** Chain info in the shape of drand's `/info` answer (HTTP API v1 field names). */
export interface DrandChainInfo {
  /** Compressed G2 point, 96 bytes hex. */
  public_key: string;
  /** Seconds between rounds. */
  period: number;
  /** Unix seconds of round 1. */
  genesis_time: number;
  hash: string;
  groupHash: string;
  schemeID: string;
  metadata: { beaconID: string };
}

/** A round as drand publishes it; `randomness` is optional (the v2 API leaves it out). */
export interface DrandRound {
  round: number;
  /** Compressed G1 point, 48 bytes hex. */
  signature: string;
  randomness?: string;
}

export const QUICKNET_SCHEME = 'bls-unchained-g1-rfc9380';

/** League of Entropy mainnet quicknet, as its `/info` publishes it. */
export const QUICKNET_CHAIN_INFO: DrandChainInfo = Object.freeze({
  public_key:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  period: 3,
  genesis_time: 1692803367,
  hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  groupHash: 'f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e',
  schemeID: QUICKNET_SCHEME,
  metadata: Object.freeze({ beaconID: 'quicknet' }),
});

/** RFC 9380 hash-to-G1 domain separation tag of the scheme (the BLS signature suite's G1 "NUL" tag). */
const QUICKNET_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

const SIGNATURE_HEX = /^[0-9a-f]{96}$/;
const PUBLIC_KEY_HEX = /^[0-9a-f]{192}$/;
const RANDOMNESS_HEX = /^[0-9a-f]{64}$/;

export type DrandVerification = { bValid: true; sRandomnessHex: string } | { bValid: false; sReason: string };

/** The signed message of an unchained round: sha256 of the round number as 8 bytes big-endian. */
export function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

/** A round's randomness: hex sha256 of its signature bytes. */
export function drandRandomness(signatureHex: string): string {
  return bytesToHex(sha256(hexToBytes(signatureHex)));
}

/** Verifies a round's BLS signature under the chain's public key and derives its randomness. Never throws. */
export function verifyDrandRound(chainInfo: DrandChainInfo, round: DrandRound): DrandVerification {
  if (chainInfo.schemeID !== QUICKNET_SCHEME) {
    return { bValid: false, sReason: `unsupported scheme ${chainInfo.schemeID}` };
  }
  if (!PUBLIC_KEY_HEX.test(chainInfo.public_key)) return { bValid: false, sReason: 'public key is not 96 bytes hex' };
  if (!Number.isSafeInteger(round.round) || round.round < 1) {
    return { bValid: false, sReason: 'round must be a positive integer' };
  }
  if (!SIGNATURE_HEX.test(round.signature)) return { bValid: false, sReason: 'signature is not 48 bytes hex' };
  const sRandomnessHex = drandRandomness(round.signature);
  if (round.randomness !== undefined && round.randomness !== sRandomnessHex) {
    return { bValid: false, sReason: 'randomness is not sha256(signature)' };
  }
  const signatures = bls12_381.shortSignatures;
  try {
    const message = signatures.hash(roundMessage(round.round), QUICKNET_DST);
    const valid = signatures.verify(hexToBytes(round.signature), message, hexToBytes(chainInfo.public_key));
    return valid ? { bValid: true, sRandomnessHex } : { bValid: false, sReason: 'BLS signature does not verify' };
  } catch (error) {
    // Malformed points (not on the curve, not in the subgroup, infinity) throw while decoding.
    return { bValid: false, sReason: `invalid point: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Unix seconds at which a round is published. */
export function drandRoundTime(chainInfo: DrandChainInfo, round: number): number {
  return chainInfo.genesis_time + (round - 1) * chainInfo.period;
}

/** The first round published at or after unixSeconds: the round to commit to for a draw at that time. */
export function drandRoundAt(chainInfo: DrandChainInfo, unixSeconds: number): number {
  if (unixSeconds <= chainInfo.genesis_time) return 1;
  return Math.ceil((unixSeconds - chainInfo.genesis_time) / chainInfo.period) + 1;
}

/**
 * The 'beacon' check of a published draw (pass it as verifyDraw's verifyBeacon): the published
 * drand round verifies under the chain's key and its randomness is the draw's beaconHex.
 */
export function verifyDrawBeacon(published: PublishedDraw, chainInfo: DrandChainInfo = QUICKNET_CHAIN_INFO): DrawCheck {
  const fail = (sDetail: string): DrawCheck => ({ sCheck: 'beacon', bPassed: false, sDetail });
  const { beaconHex, drandRound } = published;
  if (beaconHex === undefined) return fail('the draw has no beacon');
  if (!RANDOMNESS_HEX.test(beaconHex)) return fail('beaconHex is not 32 bytes hex');
  if (!drandRound) return fail('no drand round was published for the beacon');
  const verification = verifyDrandRound(chainInfo, drandRound);
  if (!verification.bValid) return fail(`drand round ${drandRound.round}: ${verification.sReason}`);
  if (verification.sRandomnessHex !== beaconHex)
    return fail(`beaconHex is not the randomness of round ${drandRound.round}`);
  return {
    sCheck: 'beacon',
    bPassed: true,
    sDetail: `drand ${chainInfo.metadata.beaconID} round ${drandRound.round} verifies`,
  };
}
