/** How the console writes dates and durations: one compact, sortable form everywhere. */

export const yesNo = (value: unknown) => (value ? 'Yes' : 'No');

/** A signed count with its unit: "+42 points", "−1 ticket". */
export function signed(amount: number, unit: string): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  const size = Math.abs(amount);
  return `${sign}${size.toLocaleString('en')} ${unit}${size === 1 ? '' : 's'}`;
}
