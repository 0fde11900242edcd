import { useEffect, useRef } from 'react';
import { subscribeReconnect, useNotificationList } from '../notifications';

/** How often an open ticket is read again when no notification arrives (the socket may be down). */
export const TICKET_REFRESH_MS = 30_000;

/**
 * Re-reads a ticket when something may have changed it: a new notification for the signed-in user
 * (the notification socket refreshes the list at once; staff replies and status changes notify the
 * requester), or the socket coming back after a drop.
 */
export function useRefetchOnNotification(refetch: () => void): void {
  const notifications = useNotificationList();
  const newest = notifications.data?.[0]?.id ?? null;
  const seen = useRef<string | null | undefined>(undefined);
  const latestRefetch = useRef(refetch);
  useEffect(() => {
    latestRefetch.current = refetch;
  });

  useEffect(() => {
    // The first answer is what was already there when the page opened.
    if (seen.current !== undefined && newest !== seen.current) latestRefetch.current();
    if (notifications.data) seen.current = newest;
  }, [newest, notifications.data]);

  useEffect(() => subscribeReconnect(() => latestRefetch.current()), []);
}
