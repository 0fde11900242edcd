// The catalog-admin feature's door: the staff screens that edit the catalogue, and the Officers Panel.
export { MANAGE_CLUSTERS_TABS, MANAGE_SUPPORT_TABS, tabSearch } from './catalog-admin-tabs';
export { ManageAddonsPage } from './manage-addons-page';
export { ManageClustersPage } from './manage-clusters-page';
export { ManageMiddlewaresPage } from './manage-middlewares-page';
export { ManageSupportPlansPage } from './manage-support-plans-page';
export { OfficersPanelPage } from './officers-panel-page';
