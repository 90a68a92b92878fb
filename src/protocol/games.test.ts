import { describe, expect, it } from 'vitest';
import { parseWeek, weekOf } from './games';

describe('ISO weeks (the leaderboard and curse-breaker calendar)', () => {
  it.each([
    ['2026-01-05T12:00:00Z', '2026-W02', '2026-01-05', '2026-01-12'],
    ['2026-01-04T23:59:59Z', '2026-W01', '2025-12-29', '2026-01-05'],
    ['2025-12-29T00:00:00Z', '2026-W01', '2025-12-29', '2026-01-05'],
    ['2020-12-31T10:00:00Z', '2020-W53', '2020-12-28', '2021-01-04'],
    ['2021-01-03T10:00:00Z', '2020-W53', '2020-12-28', '2021-01-04'],
    ['2024-12-30T00:00:00Z', '2025-W01', '2024-12-30', '2025-01-06'],
    ['1970-01-01T00:00:00Z', '1970-W01', '1969-12-29', '1970-01-05'],
  ])('%s is in %s', (at, sWeek, starts, ends) => {
    const week = weekOf(Date.parse(at));
    expect(week).toEqual({
      sWeek,
      iStartsAt: Date.parse(`${starts}T00:00:00Z`),
      iEndsAt: Date.parse(`${ends}T00:00:00Z`),
    });
    expect(parseWeek(sWeek)).toEqual(week);
  });

  it('names no week that does not exist', () => {
    for (const bad of ['2026-W00', '2026-W54', '2025-W53', '2026-2', 'W02-2026', ''])
      expect(parseWeek(bad), bad).toBeNull();
    expect(parseWeek('2020-W53')?.sWeek).toBe('2020-W53');
  });

  it('starts every week on a Monday, one after another', () => {
    let week = weekOf(Date.UTC(2024, 0, 1));
    for (let i = 0; i < 200; i++) {
      const next = weekOf(week.iEndsAt);
      expect(next.iStartsAt).toBe(week.iEndsAt);
      expect(new Date(next.iStartsAt).getUTCDay()).toBe(1);
      week = next;
    }
  });
});
