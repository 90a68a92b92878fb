import { useEffect, useState } from 'react';

/**
 * True from the first frame painted after `ready` became true, and from then on. What a screen
 * shows beside its content but is not its content (the bell, the popups' code) waits for it, so
 * a cold load's requests and main thread go to the content's first paint first (issue 40).
 */
export function useAfterPaint(ready: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => setAfter(true);
    // The first frame callback runs before the frame that paints it; the second one, a frame later,
    // once that frame has gone to the screen; then the first idle moment (at most a second later).
    // A tab in the background paints no frames: it does not wait for one longer than a second.
    const fallback = setTimeout(done, 1000);
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        if ('requestIdleCallback' in window) idle = requestIdleCallback(done, { timeout: 1000 });
        else timer = setTimeout(done, 0);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(fallback);
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [ready, after]);
  return after;
}

const LCP = 'largest-contentful-paint';

/**
 * Runs `then` once the browser reports a largest contentful paint of an element still in the page:
 * after a render that replaced the page, the frame that shows it is on screen, not only painted on
 * the main thread (Chromium presents it a frame or two after the next frame callback). The report
 * may have come already (the browser keeps it: `buffered`); one of an element the render removed
 * is not this paint's. Where the browser reports none (no larger element, an input first, no
 * support), after `atMostMs`.
 */
export function whenPresented(then: () => void, atMostMs = 500): void {
  let observer: PerformanceObserver | undefined;
  const done = () => {
    observer?.disconnect();
    clearTimeout(timer);
    then();
  };
  const timer = setTimeout(done, atMostMs);
  if (!PerformanceObserver.supportedEntryTypes?.includes(LCP)) return;
  observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => (entry as LargestContentfulPaint).element?.isConnected)) done();
  });
  observer.observe({ type: LCP, buffered: true });
}
