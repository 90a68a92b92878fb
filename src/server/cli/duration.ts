const UNIT_MS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * "30s", "10m", "2h", "7d": a whole number (up to 6 digits) of one unit, in milliseconds; null when
 * not understood. The operator commands' one reading of a duration (chat mutes, raffle times).
 */
export function durationMs(text: string): number | null {
  const match = /^(\d{1,6})([smhd])$/.exec(text);
  return match ? Number(match[1]) * (UNIT_MS[match[2] as string] as number) : null;
}
