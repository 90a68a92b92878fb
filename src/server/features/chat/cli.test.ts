import { describe, expect, it } from 'vitest';
import { parseDuration } from './cli';

describe('mute durations', () => {
  it('reads seconds, minutes, hours and days up to a year, or forever', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('2h')).toBe(7_200_000);
    expect(parseDuration('7d')).toBe(604_800_000);
    expect(parseDuration('365d')).toBe(365 * 86_400_000);
    expect(parseDuration('forever')).toBeNull();
    for (const bad of ['', '0m', '366d', '10', 'm', '1w', '-5m', '1.5h'])
      expect(parseDuration(bad), bad).toBeUndefined();
  });
});
