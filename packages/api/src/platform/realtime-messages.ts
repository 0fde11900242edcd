import type { RealtimeMessage } from '@kubemarket/shared';

/**
 * What travels on the realtime port (the user's sockets, /ws). The messages are one zod schema in
 * @kubemarket/shared (`realtimeMessageSchema`), which clients parse with; they are re-exported here,
 * below the modules that publish them (a cluster's operation progress is built by modules/clusters).
 */
export type { ClusterProgress, OperationView, RealtimeMessage } from '@kubemarket/shared';

/** The user's sockets: publish to all of them, or drop those of sessions that ended. */
export interface RealtimePort {
  publish(userId: string, message: RealtimeMessage): Promise<void>;
  closeSessions(userId: string, sessionIds: string[]): Promise<void>;
}
