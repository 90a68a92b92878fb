/** SPEC §3: attribute rarity percent, or null when it is not shown (iTotal not above 0). */
export function rarityLabel(iCount: number | undefined, iTotal: number | undefined): string | null {
  if (iTotal === undefined || iCount === undefined || !(iTotal > 0)) return null;
  const percent = Math.round((iCount / iTotal) * 100);
  return percent <= 0 ? '< 1%' : `${percent}%`;
}
