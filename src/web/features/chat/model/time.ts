const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' });

export const timeOfDay = (ms: number) => clock.format(ms);
export const fullTime = (ms: number) => full.format(ms);

/** "Today", "Yesterday" or the date: the separators between days of messages. */
export function dayLabel(ms: number, now: number): string {
  const start = (t: number) => new Date(t).setHours(0, 0, 0, 0);
  const days = Math.round((start(now) - start(ms)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return day.format(ms);
}

export const sameDay = (a: number, b: number) => new Date(a).toDateString() === new Date(b).toDateString();

/** "12 s", "3 min", "2 h": how long until a cooldown or mute ends. */
export function waitLabel(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.ceil(minutes / 60)} h`;
}
