import type { ClusterOperationStatus, ClusterOperationType, ClusterStatus, OperationStep } from '@kubemarket/db';

/**
 * What travels on the realtime port (the user's sockets, /ws): message types every host shares,
 * below the modules that publish them (a cluster's operation progress is built by modules/clusters).
 */

/** An operation as screens and scripts see it; also the body of a `cluster_progress` socket message. */
export interface OperationView {
  id: string;
  clusterId: string;
  type: ClusterOperationType;
  status: ClusterOperationStatus;
  steps: OperationStep[];
  currentStep: number;
  error: string | null;
  orderId: string | null;
  requestedBy: string | null;
  /** Bumped on every change: a client keeps the highest it has seen. */
  revision: number;
  /** 0–100, weighted by the steps' estimates. */
  progressPercent: number;
  /** Expected time left, ms (0 once finished). */
  remainingMs: number;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

/** What the socket carries for each change of a cluster operation. */
export interface ClusterProgress {
  clusterId: string;
  clusterName: string;
  clusterStatus: ClusterStatus;
  /** Nodes ready / wanted, for lists and the topology. */
  readyNodes: number;
  operation: OperationView;
}

/**
 * Real-time messages on /ws: SPEC.md section 7's `{ type: 'notification', userId }`, and the live
 * progress of a cluster operation (issue 12). A client honours either only for its own userId.
 */
export type RealtimeMessage =
  | {
      type: 'notification';
      userId: string;
      /** The notification that caused it, so a client can measure or dedupe. */
      notificationId?: string;
    }
  | ({ type: 'cluster_progress'; userId: string } & ClusterProgress);

/** The user's sockets: publish to all of them, or drop those of sessions that ended. */
export interface RealtimePort {
  publish(userId: string, message: RealtimeMessage): Promise<void>;
  closeSessions(userId: string, sessionIds: string[]): Promise<void>;
}

