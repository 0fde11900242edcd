export { useOfficersAccess } from './use-officers-access';
export { useStaffAccess, type StaffAccess } from './use-staff-access';
export { StaffPage } from './staff-page';
export { ReasonDialog, type ReasonAction } from './reason-dialog';
export { DecisionButtons, decisionReasonProblem, withNote } from './decision-buttons';
export { StaffPagedTable } from './staff-paged-table';
