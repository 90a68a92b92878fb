import type { DrawEntry } from '../../../../protocol/raffleDraw';

/**
 * The draw wheel: the tickets of the remaining entries laid around a circle in canonical order, as
 * the draw lays them on a line (docs/raffle-draw.md §7). Large lists are drawn with runs of
 * entrants merged into one slice; winners and the member's own entry always keep their own.
 */
export interface WheelSlice {
  key: string;
  /** Fractions of the circle, 0 ≤ start < end ≤ 1. */
  start: number;
  end: number;
  tickets: number;
  /** One entrant's slice, or a run of `count` entrants. */
  sEntrantID: string | null;
  count: number;
}

export function buildWheel(
  entries: readonly DrawEntry[],
  options: { removed?: ReadonlySet<string>; keep?: ReadonlySet<string>; maxSlices?: number } = {},
): WheelSlice[] {
  const removed = options.removed ?? new Set<string>();
  const keep = options.keep ?? new Set<string>();
  const remaining = entries.filter((entry) => !removed.has(entry.sEntrantID));
  const total = remaining.reduce((sum, entry) => sum + entry.iTickets, 0);
  if (total === 0) return [];
  const maxSlices = options.maxSlices ?? 96;
  const kept = remaining.filter((entry) => keep.has(entry.sEntrantID)).length;
  const perRun =
    remaining.length <= maxSlices ? 1 : Math.ceil((remaining.length - kept) / Math.max(1, maxSlices - kept * 2));

  const slices: WheelSlice[] = [];
  let cursor = 0;
  let run: { start: number; tickets: number; count: number; first: string } | null = null;
  const closeRun = () => {
    if (!run) return;
    slices.push({
      key: `run-${run.first}`,
      start: run.start / total,
      end: (run.start + run.tickets) / total,
      tickets: run.tickets,
      sEntrantID: run.count === 1 ? run.first : null,
      count: run.count,
    });
    run = null;
  };
  for (const entry of remaining) {
    if (perRun === 1 || keep.has(entry.sEntrantID)) {
      closeRun();
      slices.push({
        key: entry.sEntrantID,
        start: cursor / total,
        end: (cursor + entry.iTickets) / total,
        tickets: entry.iTickets,
        sEntrantID: entry.sEntrantID,
        count: 1,
      });
    } else {
      run ??= { start: cursor, tickets: 0, count: 0, first: entry.sEntrantID };
      run.tickets += entry.iTickets;
      run.count += 1;
      if (run.count >= perRun) closeRun();
    }
    cursor += entry.iTickets;
  }
  closeRun();
  return slices;
}

/** The angle (degrees, clockwise from the top) of the middle of an entrant's slice, or null. */
export function sliceMiddle(slices: readonly WheelSlice[], sEntrantID: string): number | null {
  const slice = slices.find((s) => s.sEntrantID === sEntrantID);
  return slice ? ((slice.start + slice.end) / 2) * 360 : null;
}

/**
 * The wheel's next rotation so that `target` (degrees) stops under the pointer at the top, turning
 * forward from `current` by at least `turns` whole turns.
 */
export function spinTo(current: number, target: number, turns: number): number {
  const aligned = -target;
  const base = current + turns * 360;
  const offset = (((aligned - base) % 360) + 360) % 360;
  return base + offset;
}

/** The SVG path of a slice of a circle of radius r centred at (r, r). */
export function slicePath(slice: Pick<WheelSlice, 'start' | 'end'>, r: number, inner = 0): string {
  const point = (fraction: number, radius: number) => {
    const angle = fraction * 2 * Math.PI - Math.PI / 2;
    return `${(r + radius * Math.cos(angle)).toFixed(3)} ${(r + radius * Math.sin(angle)).toFixed(3)}`;
  };
  const sweep = slice.end - slice.start;
  if (sweep >= 0.9999) {
    return `M ${point(0, r)} A ${r} ${r} 0 1 1 ${point(0.5, r)} A ${r} ${r} 0 1 1 ${point(0, r)} Z`;
  }
  const large = sweep > 0.5 ? 1 : 0;
  const outer = `M ${point(slice.start, r)} A ${r} ${r} 0 ${large} 1 ${point(slice.end, r)}`;
  return inner > 0
    ? `${outer} L ${point(slice.end, inner)} A ${inner} ${inner} 0 ${large} 0 ${point(slice.start, inner)} Z`
    : `${outer} L ${r} ${r} Z`;
}
