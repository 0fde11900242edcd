// The clusters module's door: the operation engine (ADR 6) other modules start operations with,
// what orders build a cluster from, and the operation's schema and view.
export {
  advanceOperation,
  busyMessage,
  caKeyContext,
  handOver,
  loadClusterState,
  purposeOf,
  retryOperation,
  runningOperation,
  runOperationUntil,
  stalledOperations,
  startOperation,
  type AdvanceResult,
  type EngineDeps,
} from './engine';
export { applyHibernationSchedules, hibernateForBudget, HIBERNATION_CATCH_UP_MS, type HibernationRun } from './hibernation';
export { tierHibernates } from './reads';
export { emitExpiringKubeconfigs, KUBECONFIG_WARNING_MS } from './kubeconfig-expiry';
export { BACKUP_RETENTION_MS, backupSizeMb } from './middleware-operations';
export { operationView } from './progress';
export { addonInstallStatements, newClusterStatements, startAddonInstall } from './provisioning';
export { operationSchema } from './schemas';
export { checkNewClusterQuota } from './service';
