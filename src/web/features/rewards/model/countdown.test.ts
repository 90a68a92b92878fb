import { describe, expect, it } from 'vitest';
import { countdownText, nextRewardAt } from '../components/DailyRewardStrip';

describe('daily reward countdown', () => {
  it('runs to the next reward-day boundary, UTC shifted by the offset', () => {
    const now = Date.UTC(2026, 10, 22, 23, 41);
    expect(nextRewardAt(now, 0)).toBe(Date.UTC(2026, 10, 23, 0, 0));
    // A day that starts at 06:00 UTC (offset −360 minutes).
    expect(nextRewardAt(now, -360)).toBe(Date.UTC(2026, 10, 23, 6, 0));
    expect(nextRewardAt(Date.UTC(2026, 10, 23, 5, 0), -360)).toBe(Date.UTC(2026, 10, 23, 6, 0));
  });
  it('says hours and minutes in words', () => {
    expect(countdownText(19 * 60_000)).toBe('19 min');
    expect(countdownText((5 * 60 + 12) * 60_000)).toBe('5 h 12 min');
    expect(countdownText(0)).toBe('now — reload to claim it');
  });
});
