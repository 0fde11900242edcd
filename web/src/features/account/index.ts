export { AccountPage } from './account-page';
export { approvalExpectation, ORGANIZATION_STATUS, OrganizationStatusBadge, typicalWaitText } from './organization-status';
export { useAccountProfile, type AccountProfile, type Organization, type OrganizationStatus } from './profile-query';
