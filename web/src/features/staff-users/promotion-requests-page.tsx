import { PromotionRequestsTable } from './promotion-requests';
import { StaffPage } from '../officers';

/** /admin/promotion-requests: four eyes on staff rights. */
export function PromotionRequestsPage() {
  return (
    <StaffPage
      title="Promotion Requests"
      description="Requests that a user become officer, admin or super admin. A super admin decides each one, never one they raised themselves. Request a promotion from a user's page in Manage Users."
      minRole="admin"
    >
      <PromotionRequestsTable />
    </StaffPage>
  );
}
