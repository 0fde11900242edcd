import { useEffect, useRef } from 'react';

/**
 * Runs `action` once per token when the page opens. Links from emails carry single-use tokens, so a
 * second run (React's development double effects, a re-render) would spend the token and fail.
 */
export function useTokenAction(token: string | undefined, action: (token: string) => void): void {
  const handled = useRef<string | null>(null);
  const latestAction = useRef(action);

  useEffect(() => {
    latestAction.current = action;
  });

  useEffect(() => {
    if (!token || handled.current === token) return;
    handled.current = token;
    latestAction.current(token);
  }, [token]);
}
