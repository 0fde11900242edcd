export { AccountPage } from './account-page';
export { ORGANIZATION_STATUS, OrganizationStatusBadge } from './organization-status';
export { useAccountProfile, type AccountProfile, type Organization, type OrganizationStatus } from './profile-query';
