import { useCallback, useEffect, useState } from 'react';

/**
 * The replay of a finished draw (/raffleviewer) as a timeline: the entries appear, the seed is
 * revealed, then each pick spins the wheel to its winner in turn. Pure steps, played by useReplay.
 */
export type ReplayPhase = 'entries' | 'seed' | 'spin' | 'landed' | 'done';

export interface ReplayStep {
  phase: ReplayPhase;
  /** Picks revealed so far (during 'spin', the pick being drawn is `pick`, not yet revealed). */
  pick: number;
  /** How long this step shows before the next. */
  ms: number;
}

/** Every step of a replay of `picks` winners. Without motion the wheel never spins: each winner simply appears. */
export function replayTimeline(picks: number, reducedMotion: boolean): ReplayStep[] {
  const steps: ReplayStep[] = [
    { phase: 'entries', pick: 0, ms: reducedMotion ? 600 : 1400 },
    { phase: 'seed', pick: 0, ms: reducedMotion ? 900 : 2200 },
  ];
  for (let pick = 1; pick <= picks; pick++) {
    // The first picks take their time; a long prize list speeds up.
    const spin = pick <= 3 ? 2600 : pick <= 10 ? 1400 : 700;
    if (!reducedMotion) steps.push({ phase: 'spin', pick, ms: spin });
    steps.push({ phase: 'landed', pick, ms: reducedMotion ? 500 : pick <= 3 ? 1100 : 400 });
  }
  steps.push({ phase: 'done', pick: picks, ms: 0 });
  return steps;
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** Plays the timeline; `skip` jumps to the end, `replay` starts again. */
export function useReplay(picks: number, ready: boolean) {
  const [reducedMotion] = useState(prefersReducedMotion);
  const [index, setIndex] = useState(0);
  const [steps, setSteps] = useState<ReplayStep[]>(() => replayTimeline(picks, reducedMotion));

  useEffect(() => {
    setSteps(replayTimeline(picks, reducedMotion));
    setIndex(0);
  }, [picks, reducedMotion]);

  const step = steps[Math.min(index, steps.length - 1)] as ReplayStep;
  useEffect(() => {
    if (!ready || step.phase === 'done') return;
    const timer = setTimeout(() => setIndex((i) => i + 1), step.ms);
    return () => clearTimeout(timer);
  }, [ready, step]);

  const skip = useCallback(() => setIndex(steps.length - 1), [steps]);
  const replay = useCallback(() => setIndex(0), []);
  return { step, reducedMotion, skip, replay, spinMs: step.phase === 'spin' ? step.ms : 0 };
}
