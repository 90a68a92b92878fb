/** How many tickets an entry can take: a whole number from 1 to what the member holds. */
export function clampTickets(value: number, max: number): number {
  if (max < 1) return 0;
  if (!Number.isFinite(value)) return 1;
  return Math.min(max, Math.max(1, Math.round(value)));
}

/** The member's share of the tickets in the raffle, as people read it: "12%", "0.4%", "< 0.1%". */
export function shareLabel(yours: number, total: number): string {
  if (yours <= 0 || total <= 0) return '0%';
  const percent = (yours / total) * 100;
  if (percent < 0.1) return '< 0.1%';
  return percent < 10 ? `${percent.toFixed(1).replace(/\.0$/, '')}%` : `${Math.round(percent)}%`;
}

/** A fresh client idempotency key for one intended entry (reused if that same entry is retried). */
export function newEntryKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}
