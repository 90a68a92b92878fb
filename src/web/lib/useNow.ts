import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` while mounted and `active` (countdowns, edit windows). */
export function useNow(everyMs = 1000, active = true): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, active]);
  return now;
}
