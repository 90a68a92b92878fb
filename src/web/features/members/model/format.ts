/** How the console writes dates and durations: one compact, sortable form everywhere. */

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms as local `YYYY-MM-DD HH:MM`; 0 or null: an em dash. */
export function formatWhen(ms: number | null | undefined): string {
  if (!ms) return '—';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The durations a ban or a mute offers; 0: until lifted. */
export const DURATIONS: ReadonlyArray<{ label: string; ms: number }> = [
  { label: '1 hour', ms: HOUR_MS },
  { label: '1 day', ms: DAY_MS },
  { label: '7 days', ms: 7 * DAY_MS },
  { label: '30 days', ms: 30 * DAY_MS },
  { label: 'Permanent (until lifted)', ms: 0 },
];

export const yesNo = (value: unknown) => (value ? 'Yes' : 'No');

/** A signed count with its unit: "+42 points", "−1 ticket". */
export function signed(amount: number, unit: string): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  const size = Math.abs(amount);
  return `${sign}${size.toLocaleString('en')} ${unit}${size === 1 ? '' : 's'}`;
}
