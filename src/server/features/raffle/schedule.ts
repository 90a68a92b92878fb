/**
 * The weekly schedule (docs/product.md §12): a raffle opens at one time of the week and closes at
 * another, both in UTC, written like "Mon 00:00" and "Sun 20:00". Pure, so it is table-tested.
 */
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const MINUTE = 60_000;
const WEEK_MINUTES = 7 * 24 * 60;
const WEEK = WEEK_MINUTES * MINUTE;
/** 1970-01-05 was a Monday: week starts are this plus whole weeks. */
const FIRST_MONDAY = 4 * 24 * 60 * MINUTE;

const WEEKLY_TIME = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) ([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after Monday 00:00 UTC, or null when the text is not "Ddd HH:MM". */
export function parseWeeklyTime(text: string): number | null {
  const match = WEEKLY_TIME.exec(text.trim());
  if (!match) return null;
  const day = DAYS.indexOf(match[1] as (typeof DAYS)[number]);
  return day * 24 * 60 + Number(match[2]) * 60 + Number(match[3]);
}

export interface WeeklyWindow {
  opensAt: number;
  closesAt: number;
  /** The UTC date the window opens on: one automatic raffle per key. */
  key: string;
}

/** Opening and closing minute of the week; a close at or before the opening falls in the next week. */
export interface WeeklySchedule {
  opensMinute: number;
  closesMinute: number;
}

function windowOfWeek(weekStart: number, schedule: WeeklySchedule): WeeklyWindow {
  const opensAt = weekStart + schedule.opensMinute * MINUTE;
  const length = (((schedule.closesMinute - schedule.opensMinute) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  const closesAt = opensAt + (length === 0 ? WEEK_MINUTES : length) * MINUTE;
  return { opensAt, closesAt, key: new Date(opensAt).toISOString().slice(0, 10) };
}

/** The window open at `now`, if any, and the next one to open after `now`. */
export function weeklyWindows(
  now: number,
  schedule: WeeklySchedule,
): { current: WeeklyWindow | null; next: WeeklyWindow } {
  const thisWeek = FIRST_MONDAY + Math.floor((now - FIRST_MONDAY) / WEEK) * WEEK;
  const candidates = [thisWeek - WEEK, thisWeek, thisWeek + WEEK].map((start) => windowOfWeek(start, schedule));
  const current = candidates.find((w) => w.opensAt <= now && now < w.closesAt) ?? null;
  const next = candidates.find((w) => w.opensAt > now) as WeeklyWindow;
  return { current, next };
}
