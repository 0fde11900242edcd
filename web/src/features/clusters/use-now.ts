import { useEffect, useState } from 'react';

/** The time for relative dates ("5 minutes ago"), read again every minute; a display clock only, nothing is fetched. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
