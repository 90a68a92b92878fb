/**
 * Score bands of the weekly board's kept tally (decision 0213): band 0 holds scores ≤ 0, then eight
 * bands to each doubling of the score (lower bounds 1, 2, 3, … 2^k·2^(j/8)), about 250 in all for
 * any integer score. A member's place is the tallies of the bands above theirs plus the players
 * ahead of them inside their own band, so its cost follows the bands, not the board.
 */
export const SCORE_BANDS: readonly number[] = (() => {
  const lows = new Set<number>([1]);
  for (let k = 0; k < 8 * 32; k++) lows.add(Math.ceil(2 ** (k / 8)));
  return [...lows].filter((low) => low <= 2 ** 31).sort((a, b) => a - b);
})();

/** The band a score falls in (0: zero or less). */
export function scoreBand(score: number): number {
  let lo = 0;
  let hi = SCORE_BANDS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((SCORE_BANDS[mid] as number) <= score) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The lowest score of a band, and the lowest of the next (the band is [low, next)). */
export function bandRange(band: number): { low: number; next: number } {
  return {
    low: band === 0 ? Number.MIN_SAFE_INTEGER : (SCORE_BANDS[band - 1] as number),
    next: (SCORE_BANDS[band] as number | undefined) ?? Number.MAX_SAFE_INTEGER,
  };
}

/** The band of a score column as SQL (both dialects): for refilling the tally from the board in one statement. */
export function scoreBandSql(column: string): string {
  return `CASE ${SCORE_BANDS.map((low, i) => `WHEN ${column} < ${low} THEN ${i}`).join(' ')} ELSE ${SCORE_BANDS.length} END`;
}
