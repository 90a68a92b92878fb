import { describe, expect, it } from 'vitest';
import { rewardDay } from '../../../protocol/rewards';
import { dailyAmounts, nextDailyState } from './daily';

const table = (points: number[]) => points.map((iPoints) => ({ iPoints, iTickets: 0 }));
const NORMAL = table([10, 20, 30, 40, 50, 75, 100]);
const REDUCED = table([5, 10, 15, 20, 25, 37, 50]);

describe('daily reward rules', () => {
  it('names the reward day in UTC, shifted by the offset', () => {
    const lateEvening = Date.UTC(2026, 0, 5, 23, 30);
    expect(rewardDay(lateEvening, 0)).toBe('2026-01-05');
    expect(rewardDay(lateEvening, 60)).toBe('2026-01-06');
    expect(rewardDay(Date.UTC(2026, 0, 6, 0, 30), -60)).toBe('2026-01-05');
    expect(rewardDay(Date.UTC(2026, 0, 6), 0)).toBe('2026-01-06');
  });

  it('starts at day 1 and advances one day per login day, restarting after day 7', () => {
    let state = nextDailyState(null, '2026-01-01');
    expect(state).toEqual({ lastDay: '2026-01-01', dayInCycle: 1, cyclesCompleted: 0 });
    const days = [];
    for (let d = 2; d <= 9; d++) {
      state = nextDailyState(state, `2026-01-${String(d).padStart(2, '0')}`);
      days.push([state?.dayInCycle, state?.cyclesCompleted]);
    }
    expect(days).toEqual([
      [2, 0],
      [3, 0],
      [4, 0],
      [5, 0],
      [6, 0],
      [7, 0],
      [1, 1],
      [2, 1],
    ]);
  });

  it('grants nothing twice on one day, nor when the clock goes back', () => {
    const state = { lastDay: '2026-01-05', dayInCycle: 3, cyclesCompleted: 0 };
    expect(nextDailyState(state, '2026-01-05')).toBeNull();
    expect(nextDailyState(state, '2026-01-04')).toBeNull();
    expect(nextDailyState(state, '2026-02-20')).toMatchObject({ dayInCycle: 4 });
  });

  it('pays the reduced table in the first cycle and shows the normal amount beside it', () => {
    expect(dailyAmounts({ lastDay: '', dayInCycle: 2, cyclesCompleted: 0 }, NORMAL, REDUCED)).toEqual({
      granted: { iPoints: 10, iTickets: 0 },
      normal: { iPoints: 20, iTickets: 0 },
      firstCycle: true,
    });
    expect(dailyAmounts({ lastDay: '', dayInCycle: 2, cyclesCompleted: 1 }, NORMAL, REDUCED)).toEqual({
      granted: { iPoints: 20, iTickets: 0 },
      normal: { iPoints: 20, iTickets: 0 },
      firstCycle: false,
    });
  });

  it('falls back to the normal amount, then to nothing, when a table is short', () => {
    expect(
      dailyAmounts({ lastDay: '', dayInCycle: 7, cyclesCompleted: 0 }, NORMAL, REDUCED.slice(0, 3)).granted.iPoints,
    ).toBe(100);
    expect(dailyAmounts({ lastDay: '', dayInCycle: 7, cyclesCompleted: 2 }, [], []).granted).toEqual({
      iPoints: 0,
      iTickets: 0,
    });
  });
});
