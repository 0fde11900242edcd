export { ManageUsersPage } from './manage-users-page';
export { OrganizationUsersPage } from './organization-users-page';
export { PendingRegistrationsPage } from './pending-registrations-page';
export { PromotionRequestsPage } from './promotion-requests-page';
export { UserManagementPage } from './user-management-page';
