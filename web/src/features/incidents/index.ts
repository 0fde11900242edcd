export { ActiveIncidentsBanner } from './active-incidents-banner';
export { IncidentsAdminPanel } from './incidents-admin-panel';
export { HEALTHY_STATUS } from './incident-display';
export { useIncidents, useSystemStatus } from './incident-queries';
export { SystemStatusDot } from './system-status-dot';
