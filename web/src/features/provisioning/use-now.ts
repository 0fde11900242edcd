import { useEffect, useState } from 'react';

/**
 * The time, read again every second while `ticking` (elapsed time and the estimate move between two
 * messages); a display clock only, nothing is fetched.
 */
export function useNow(ticking: boolean, everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const tick = () => setNow(Date.now());
    // At once as well: the clock may have stood still since the last operation ended.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ticking, everyMs]);
  return now;
}
