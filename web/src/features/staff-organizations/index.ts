// The staff-organizations feature's door: organisations, what customers run, and what needs attention.
export { AttentionPanel } from './attention-panel';
export { StaffAddonsPage, StaffClustersPage, StaffMiddlewaresPage, StaffSupportPlansPage } from './customer-run-pages';
export { OrganizationsPage } from './organizations-page';
export { ORGANIZATIONS_TABS, type OrganizationsTab } from './organizations-tabs';
