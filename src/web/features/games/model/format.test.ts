import { describe, expect, it } from 'vitest';
import { formatScore, playTime, timeLeft, weekLabel } from './format';

describe('games formatting', () => {
  it('writes scores, play time, weeks and what is left of them', () => {
    expect(formatScore(14445)).toBe('14,445');
    expect(playTime(17692)).toBe('4:54');
    expect(playTime(59)).toBe('0:00');
    expect(weekLabel('2026-W02')).toBe('Week 2 of 2026');
    const end = Date.UTC(2026, 0, 12);
    expect(timeLeft(end, end - 3.5 * 86_400_000)).toBe('3 days left');
    expect(timeLeft(end, end - 30 * 3_600_000)).toBe('30 hours left');
    expect(timeLeft(end, end - 90 * 60_000)).toBe('1 hour left');
    expect(timeLeft(end, end - 60_000)).toBe('less than an hour left');
  });
});
