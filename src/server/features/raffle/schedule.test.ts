import { describe, expect, it } from 'vitest';
import { parseWeeklyTime, weeklyWindows } from './schedule';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('weekly raffle schedule', () => {
  it('reads "Ddd HH:MM" as minutes after Monday 00:00 UTC', () => {
    expect(parseWeeklyTime('Mon 00:00')).toBe(0);
    expect(parseWeeklyTime('Sun 20:00')).toBe(6 * 1440 + 20 * 60);
    expect(parseWeeklyTime(' Wed 09:30 ')).toBe(2 * 1440 + 570);
    for (const bad of ['mon 00:00', 'Mon 24:00', 'Mon 9:00', 'Monday 09:00', ''])
      expect(parseWeeklyTime(bad)).toBeNull();
  });

  const mondayToSunday = { opensMinute: 0, closesMinute: 6 * 1440 + 20 * 60 };

  it.each([
    ['2026-01-05T00:00:00Z', '2026-01-05T00:00:00.000Z', '2026-01-11T20:00:00.000Z', '2026-01-12T00:00:00.000Z'],
    ['2026-01-08T12:00:00Z', '2026-01-05T00:00:00.000Z', '2026-01-11T20:00:00.000Z', '2026-01-12T00:00:00.000Z'],
    ['2026-01-11T19:59:59Z', '2026-01-05T00:00:00.000Z', '2026-01-11T20:00:00.000Z', '2026-01-12T00:00:00.000Z'],
  ])('at %s the window %s – %s is open, the next opens %s', (now, opens, closes, next) => {
    const { current, next: upcoming } = weeklyWindows(at(now), mondayToSunday);
    expect(current && [iso(current.opensAt), iso(current.closesAt)]).toEqual([opens, closes]);
    expect(current?.key).toBe('2026-01-05');
    expect(iso(upcoming.opensAt)).toBe(next);
  });

  it('has no open window between the close and the next opening', () => {
    const { current, next } = weeklyWindows(at('2026-01-11T21:00:00Z'), mondayToSunday);
    expect(current).toBeNull();
    expect(next.key).toBe('2026-01-12');
  });

  it('lets a window run across the week boundary (opens Friday, closes Tuesday)', () => {
    const schedule = {
      opensMinute: parseWeeklyTime('Fri 18:00') as number,
      closesMinute: parseWeeklyTime('Tue 18:00') as number,
    };
    const { current } = weeklyWindows(at('2026-01-12T10:00:00Z'), schedule);
    expect(current && [iso(current.opensAt), iso(current.closesAt)]).toEqual([
      '2026-01-09T18:00:00.000Z',
      '2026-01-13T18:00:00.000Z',
    ]);
  });

  it('reads an equal opening and close as a whole week', () => {
    const { current } = weeklyWindows(at('2026-01-07T00:00:00Z'), { opensMinute: 60, closesMinute: 60 });
    expect(current && current.closesAt - current.opensAt).toBe(7 * 24 * 3600_000);
  });
});
