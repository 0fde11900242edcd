export { DashboardOverview } from './dashboard-overview';
export { useSidebarCounts } from './sidebar-counts-query';
