/**
 * SHA-256 (FIPS 180-4) of a message of at most 119 bytes (two blocks), written into a caller's
 * buffer without allocating. The raffle's Merkle tree hashes 200,000 such short messages for a
 * 100,000-entrant draw, in the browser too; a general-purpose hasher spends most of that time
 * creating and padding objects. Checked against @noble/hashes for every length (sha256Short.test.ts).
 */
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** The longest message that fits two blocks with its padding and 64-bit length. */
export const SHA256_SHORT_MAX = 119;

const W = new Uint32Array(64);
const block = new Uint8Array(128);
const state = new Int32Array(8);

const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));

export function sha256ShortInto(message: Uint8Array, out: Uint8Array, offset = 0): void {
  const length = message.length;
  if (length > SHA256_SHORT_MAX) throw new RangeError(`sha256ShortInto takes at most ${SHA256_SHORT_MAX} bytes`);
  block.fill(0);
  block.set(message);
  block[length] = 0x80;
  const blocks = length <= 55 ? 1 : 2;
  const bits = length * 8;
  block[blocks * 64 - 2] = bits >>> 8;
  block[blocks * 64 - 1] = bits & 0xff;
  for (let i = 0; i < 8; i++) state[i] = INITIAL[i] as number;

  for (let b = 0; b < blocks; b++) {
    const base = b * 64;
    for (let t = 0; t < 16; t++) {
      const p = base + t * 4;
      W[t] =
        ((block[p] as number) << 24) |
        ((block[p + 1] as number) << 16) |
        ((block[p + 2] as number) << 8) |
        (block[p + 3] as number);
    }
    for (let t = 16; t < 64; t++) {
      const w15 = W[t - 15] as number;
      const w2 = W[t - 2] as number;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      W[t] = ((W[t - 16] as number) + s0 + (W[t - 7] as number) + s1) | 0;
    }
    let a = state[0] as number;
    let bb = state[1] as number;
    let c = state[2] as number;
    let d = state[3] as number;
    let e = state[4] as number;
    let f = state[5] as number;
    let g = state[6] as number;
    let h = state[7] as number;
    for (let t = 0; t < 64; t++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + (K[t] as number) + (W[t] as number)) | 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & bb) ^ (a & c) ^ (bb & c);
      const t2 = (S0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = bb;
      bb = a;
      a = (t1 + t2) | 0;
    }
    state[0] = (state[0] as number) + a;
    state[1] = (state[1] as number) + bb;
    state[2] = (state[2] as number) + c;
    state[3] = (state[3] as number) + d;
    state[4] = (state[4] as number) + e;
    state[5] = (state[5] as number) + f;
    state[6] = (state[6] as number) + g;
    state[7] = (state[7] as number) + h;
  }
  for (let i = 0; i < 8; i++) {
    const word = state[i] as number;
    const p = offset + i * 4;
    out[p] = word >>> 24;
    out[p + 1] = word >>> 16;
    out[p + 2] = word >>> 8;
    out[p + 3] = word;
  }
}
