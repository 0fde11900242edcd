import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';

type ClusterOutputs = inferRouterOutputs<AppRouter>['clusters'];

/** One cluster as clusters.get answers it (GET /api/clusters/{id}). */
export type ClusterDetail = ClusterOutputs['get'];
/** A cluster as clusters.list shows it. */
export type ClusterSummary = ClusterOutputs['list']['items'][number];
export type ClusterPage = ClusterOutputs['list'];
/** A long operation of a cluster with its steps: clusters.operation, and the body of a cluster_progress message. */
export type Operation = ClusterOutputs['operation'];
export type OperationStep = Operation['steps'][number];
export type ClusterStatus = ClusterDetail['status'];
