import { createFileRoute } from '@tanstack/react-router';
import { PromotionRequestsPage } from '../../../../features/staff-users';

export const Route = createFileRoute('/_authenticated/_dashboard/admin/promotion-requests')({
  component: PromotionRequestsPage,
});
