import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so relative times stay true on an open page. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  const interval = useInterval(() => setNow(Date.now()), intervalMs);
  useEffect(() => {
    interval.start();
    return interval.stop;
  }, [interval]);
  return now;
}
