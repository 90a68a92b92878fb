/** xorshift32 on uint32, kept in the state as a number in [1, 2^32). */
export function nextRng(x: number): number {
  let s = x | 0;
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  return s >>> 0;
}

/** A non-zero PRNG state from any seed (murmur3 fmix32, so seeds 1, 2, 3 start far apart). */
export function seedRng(seed: number): number {
  let h = (seed >>> 0) ^ 0x6d2b79f5;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h = (h ^ (h >>> 16)) >>> 0;
  return h === 0 ? 0x9e3779b9 : h;
}
