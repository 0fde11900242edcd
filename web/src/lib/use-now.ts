import { useEffect, useState } from 'react';

/**
 * The time, read again every `everyMs` while `ticking`: a display clock only, nothing is fetched.
 * Relative dates ("5 minutes ago") tick every minute; a running operation's elapsed time and
 * estimate every second (they move between two socket messages).
 */
export function useNow(everyMs = 60_000, ticking = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const tick = () => setNow(Date.now());
    // At once as well: the clock may have stood still while it was not ticking.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [ticking, everyMs]);
  return now;
}
