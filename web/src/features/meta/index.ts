export { useVersionSummary } from './use-version-summary';
export { VersionBadge } from './version-badge';
