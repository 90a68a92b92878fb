import { describe, expect, it } from 'vitest';
import { countdownText } from '../components/DailyRewardStrip';

describe('daily reward countdown', () => {
  it('says hours and minutes in words', () => {
    expect(countdownText(19 * 60_000)).toBe('19 min');
    expect(countdownText((5 * 60 + 12) * 60_000)).toBe('5 h 12 min');
    expect(countdownText(0)).toBe('now — reload to claim it');
  });
});
