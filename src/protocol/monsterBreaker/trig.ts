/**
 * Integer direction table: cos of a 256-step angle, scaled by 2^14. Literals (not Math.cos at load)
 * so every engine sees the same numbers.
 */
const QUARTER = [
  16384, 16379, 16364, 16340, 16305, 16261, 16207, 16143, 16069, 15986, 15893, 15791, 15679, 15557, 15426, 15286, 15137,
  14978, 14811, 14635, 14449, 14256, 14053, 13842, 13623, 13395, 13160, 12916, 12665, 12406, 12140, 11866, 11585, 11297,
  11003, 10702, 10394, 10080, 9760, 9434, 9102, 8765, 8423, 8076, 7723, 7366, 7005, 6639, 6270, 5897, 5520, 5139, 4756,
  4370, 3981, 3590, 3196, 2801, 2404, 2006, 1606, 1205, 804, 402, 0,
];

export const TRIG_SHIFT = 14;

function quarterCos(a: number): number {
  const i = a & 255;
  if (i <= 64) return QUARTER[i]!;
  if (i <= 128) return -QUARTER[128 - i]!;
  if (i <= 192) return -QUARTER[i - 128]!;
  return QUARTER[256 - i]!;
}

export const COS = new Int32Array(256);
export const SIN = new Int32Array(256);
for (let a = 0; a < 256; a++) {
  COS[a] = quarterCos(a);
  SIN[a] = quarterCos(a - 64);
}

/** The angle mirrored by a vertical wall (vx flips). */
export function flipX(a: number): number {
  return (128 - a) & 255;
}

/** The angle mirrored by a horizontal wall (vy flips). */
export function flipY(a: number): number {
  return -a & 255;
}
