import { useEffect, useState } from 'react';
import type { ReportResolutionName } from '../../../../protocol/console';

/** The queue's keys (issue 38): j/k move between reports, d dismisses, m mutes (each opens its reason dialog). */
export const TRIAGE_KEYS: Record<string, ReportResolutionName> = { d: 'dismiss', m: 'mute' };

/** Typing in a field, or a key with a modifier, is never a triage key. */
function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Keyboard triage of the open queue: which report has the focus (an index, kept inside the list
 * as reports leave it), j/k to move, and d/m calling `act` for the focused report. Paused while a
 * dialog is open, so its own typing and Escape stay its own.
 */
export function useTriageKeys(options: {
  count: number;
  paused: boolean;
  act(resolution: ReportResolutionName, index: number): void;
}): { index: number; moved: number; setIndex(index: number): void } {
  const { count, paused, act } = options;
  const [index, setIndex] = useState(0);
  // Counts the moves by key, so the screen focuses the card only after one (not on load).
  const [moved, setMoved] = useState(0);
  const current = Math.min(index, Math.max(count - 1, 0));

  useEffect(() => {
    if (paused || count === 0) return;
    function onKey(event: KeyboardEvent) {
      if (isTyping(event)) return;
      const resolution = TRIAGE_KEYS[event.key];
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        setIndex(Math.max(0, Math.min(count - 1, current + (event.key === 'j' ? 1 : -1))));
        setMoved((m) => m + 1);
      } else if (resolution) {
        event.preventDefault();
        act(resolution, current);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [paused, count, current, act]);

  return { index: current, moved, setIndex };
}
