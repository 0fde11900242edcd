import type { RealtimeMessage } from '@kubemarket/shared';

/**
 * What travels on the realtime port (the user's sockets, /ws). The messages are one zod schema in
 * @kubemarket/shared (`realtimeMessageSchema`), which clients parse with; they are re-exported here,
 * below the modules that publish them (a cluster's operation progress is built by modules/clusters).
 */
export type { ClusterProgress, OperationView, RealtimeMessage } from '@kubemarket/shared';

/**
 * The members' sockets, held by one hub per organisation (ADR 43): every call names the
 * organisation whose hub holds them. A message goes to the sockets of its `userId` only.
 */
export interface RealtimePort {
  /** Each message to its user's sockets, in one call to the organisation's hub, however many members. */
  publish(organizationId: string, messages: readonly RealtimeMessage[]): Promise<void>;
  /**
   * Closes the sockets of these sessions in the organisation's hub: sessions that ended (sign-out,
   * revocation, the sweep), or of a member who left it, whose tabs then reconnect to their new
   * organisation's hub.
   */
  closeSessions(organizationId: string, sessionIds: string[]): Promise<void>;
}
