import { describe, expect, it } from 'vitest';
import { buildWheel, sliceMiddle, slicePath, spinTo } from './wheel';

const entries = [
  { sEntrantID: 'a', iTickets: 1 },
  { sEntrantID: 'b', iTickets: 2 },
  { sEntrantID: 'c', iTickets: 1 },
];

describe('draw wheel', () => {
  it('lays the tickets around the circle in canonical order', () => {
    expect(buildWheel(entries).map((s) => [s.sEntrantID, s.start, s.end])).toEqual([
      ['a', 0, 0.25],
      ['b', 0.25, 0.75],
      ['c', 0.75, 1],
    ]);
  });

  it('takes a drawn winner off the wheel, as the draw does', () => {
    expect(buildWheel(entries, { removed: new Set(['b']) }).map((s) => [s.sEntrantID, s.start, s.end])).toEqual([
      ['a', 0, 0.5],
      ['c', 0.5, 1],
    ]);
  });

  it('merges runs of a long list into slices and keeps winners and your entry whole', () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      sEntrantID: `e${String(i).padStart(4, '0')}`,
      iTickets: 1 + (i % 3),
    }));
    const keep = new Set(['e0500', 'e0007']);
    const slices = buildWheel(many, { keep, maxSlices: 50 });
    expect(slices.length).toBeLessThanOrEqual(60);
    expect(slices.filter((s) => keep.has(s.sEntrantID ?? ''))).toHaveLength(2);
    expect(slices.reduce((sum, s) => sum + s.tickets, 0)).toBe(many.reduce((sum, e) => sum + e.iTickets, 0));
    expect(slices.at(-1)?.end).toBeCloseTo(1);
    for (let i = 1; i < slices.length; i++) expect(slices[i]?.start).toBeCloseTo(slices[i - 1]?.end as number);
  });

  it('finds where to stop the wheel so the winner sits under the pointer', () => {
    const slices = buildWheel(entries);
    expect(sliceMiddle(slices, 'b')).toBe(180);
    expect(sliceMiddle(slices, 'z')).toBeNull();
    const rotation = spinTo(0, 180, 4);
    expect(rotation).toBeGreaterThanOrEqual(4 * 360);
    expect((((rotation + 180) % 360) + 360) % 360).toBe(0);
    expect(spinTo(rotation, 45, 2) - rotation).toBeGreaterThanOrEqual(720);
  });

  it('draws a slice as an SVG path, and a lone entrant as a full circle', () => {
    expect(slicePath({ start: 0, end: 0.25 }, 10)).toMatch(
      /^M 10\.000 0\.000 A 10 10 0 0 1 20\.000 10\.000 L 10 10 Z$/,
    );
    expect(slicePath({ start: 0, end: 1 }, 10)).toContain('A 10 10 0 1 1');
  });
});
