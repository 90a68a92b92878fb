import { describe, expect, it } from 'vitest';
import { durationMs } from './duration';

describe('durationMs', () => {
  it('reads a whole number of seconds, minutes, hours or days', () => {
    expect(durationMs('30s')).toBe(30_000);
    expect(durationMs('10m')).toBe(600_000);
    expect(durationMs('12h')).toBe(43_200_000);
    expect(durationMs('7d')).toBe(604_800_000);
    expect(durationMs('0m')).toBe(0);
    for (const bad of ['', '10', 'm', '1w', '-5m', '+5m', '1.5h', '1234567d', '5 m', '5M'])
      expect(durationMs(bad), bad).toBeNull();
  });
});
