import { describe, expect, it } from 'vitest';
import { replayTimeline } from './replay';

describe('draw replay timeline', () => {
  it('shows the entries, reveals the seed, then spins to each winner in turn', () => {
    expect(replayTimeline(2, false).map((s) => `${s.phase}${s.pick}`)).toEqual([
      'entries0',
      'seed0',
      'spin1',
      'landed1',
      'spin2',
      'landed2',
      'done2',
    ]);
  });

  it('never spins with reduced motion: each winner simply appears', () => {
    const steps = replayTimeline(3, true);
    expect(steps.some((s) => s.phase === 'spin')).toBe(false);
    expect(steps.filter((s) => s.phase === 'landed').map((s) => s.pick)).toEqual([1, 2, 3]);
  });

  it('speeds up a long prize list', () => {
    const spins = replayTimeline(100, false).filter((s) => s.phase === 'spin');
    expect(spins[0]?.ms).toBeGreaterThan(spins[50]?.ms as number);
    const total = replayTimeline(100, false).reduce((sum, s) => sum + s.ms, 0);
    expect(total).toBeLessThan(150_000);
  });
});
