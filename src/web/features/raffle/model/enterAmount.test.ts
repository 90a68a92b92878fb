import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';
import { clampTickets, shareLabel } from './enterAmount';

describe('raffle entry amounts and countdowns', () => {
  it('keeps an entry between 1 and the tickets in hand', () => {
    expect(clampTickets(5, 3)).toBe(3);
    expect(clampTickets(0, 3)).toBe(1);
    expect(clampTickets(2.6, 3)).toBe(3);
    expect(clampTickets(Number.NaN, 3)).toBe(1);
    expect(clampTickets(4, 0)).toBe(0);
  });

  it("reads the member's share of the tickets", () => {
    expect(shareLabel(0, 10)).toBe('0%');
    expect(shareLabel(1, 3)).toBe('33%');
    expect(shareLabel(1, 40)).toBe('2.5%');
    expect(shareLabel(1, 20)).toBe('5%');
    expect(shareLabel(1, 100_000)).toBe('< 0.1%');
  });

  it('counts down in days, hours, minutes and seconds', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-5000)).toBe('00:00:00');
    expect(formatCountdown(61_000)).toBe('00:01:01');
    expect(formatCountdown((3 * 86_400 + 4 * 3600 + 12 * 60 + 9) * 1000 + 999)).toBe('3d 04:12:09');
  });
});
