export { useOfficersAccess } from './use-officers-access';
export { useStaffAccess, type StaffAccess } from './use-staff-access';
