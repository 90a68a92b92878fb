import { TICKS_PER_SECOND } from '../../../../protocol/monsterBreaker/constants';
import { formatCount } from '../../../ui/format';

export const formatScore = formatCount;

/** m:ss of play for a number of ticks. */
export function playTime(ticks: number): string {
  const seconds = Math.floor(ticks / TICKS_PER_SECOND);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** "Week 2 of 2026" for 2026-W02. */
export function weekLabel(sWeek: string): string {
  const [year, week] = sWeek.split('-W');
  return `Week ${Number(week)} of ${year}`;
}

/** "3 days left", "5 hours left", "less than an hour left". */
export function timeLeft(endsAt: number, now: number): string {
  const ms = endsAt - now;
  const days = Math.floor(ms / 86_400_000);
  if (days >= 2) return `${days} days left`;
  const hours = Math.floor(ms / 3_600_000);
  if (hours >= 2) return `${hours} hours left`;
  return hours === 1 ? '1 hour left' : 'less than an hour left';
}
