// @kubemarket/sdk: a typed client of the KubeMarket REST API (ADR 35). The types are generated from
// the OpenAPI document the code builds (scripts/generate.mjs, openapi-typescript); the calls go
// through openapi-fetch, wrapped so that an error answer throws a KubeMarketApiError.
export { createClient, idempotencyKey, type ClientOptions, type DataMethod, type KubeMarketClient, type Paths } from './client.ts';
export {
  KubeMarketApiError,
  KubeMarketNetworkError,
  KubeMarketStateError,
  KubeMarketTimeoutError,
  type ApiErrorBody,
  type ApiErrorCode,
  type ApiFieldError,
} from './errors.ts';
export { listAll, paginate, type ItemOf, type ListPath, type PaginateOptions } from './paginate.ts';
export { backoffDelays, waitForCluster, waitForOrderPaid, type BackoffOptions, type Cluster, type ClusterProgress, type Order, type OrderProgress, type WaitOptions } from './wait.ts';
export type { components, operations, paths } from './generated/api.ts';
