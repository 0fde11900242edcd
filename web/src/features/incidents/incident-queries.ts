import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useNotificationList } from '../notifications';
import { notificationsFingerprint, systemStatusOf } from './incident-display';

/** A modest poll for people told nothing (no cluster in the region); the affected are told at once. */
export const INCIDENTS_REFETCH_MS = 60_000;
const INCIDENTS_STALE_MS = 15_000;

export function useIncidents() {
  const trpc = useTRPC();
  return useQuery(trpc.incidents.list.queryOptions(undefined, { refetchInterval: INCIDENTS_REFETCH_MS, staleTime: INCIDENTS_STALE_MS }));
}

/**
 * The status the sidebar shows. Declaring and resolving notify the affected customers, so a new
 * notification re-reads the incidents at once instead of waiting for the poll.
 */
export function useSystemStatus() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const incidents = useIncidents();
  const notifications = useNotificationList();
  const fingerprint = notificationsFingerprint(notifications.data);
  const seen = useRef<string | null>(null);

  useEffect(() => {
    // The first list read is no news: only a change after it is.
    const previous = seen.current;
    seen.current = fingerprint;
    if (previous === null || previous === fingerprint) return;
    void queryClient.invalidateQueries({ queryKey: trpc.incidents.list.queryKey() });
  }, [fingerprint, queryClient, trpc]);

  return useMemo(() => systemStatusOf(incidents.data?.active), [incidents.data]);
}

function useInvalidateIncidents() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.incidents.list.queryKey() });
}

export function useDeclareIncident() {
  const trpc = useTRPC();
  const invalidate = useInvalidateIncidents();
  return useMutation(trpc.incidents.declare.mutationOptions({ onSuccess: invalidate }));
}

export function usePostIncidentUpdate() {
  const trpc = useTRPC();
  const invalidate = useInvalidateIncidents();
  return useMutation(trpc.incidents.postUpdate.mutationOptions({ onSuccess: invalidate }));
}

export function useResolveIncident() {
  const trpc = useTRPC();
  const invalidate = useInvalidateIncidents();
  return useMutation(trpc.incidents.resolve.mutationOptions({ onSuccess: invalidate }));
}

/** Data-centre ids and names for the region picker. */
export function useRegionOptions() {
  const trpc = useTRPC();
  const dataCenters = useQuery(trpc.catalog.dataCenters.queryOptions());
  const options = useMemo(() => (dataCenters.data ?? []).map((dc) => ({ value: dc.id, label: `${dc.id} — ${dc.name}` })), [dataCenters.data]);
  return { options, query: dataCenters };
}
