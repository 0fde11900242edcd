import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/admin/promotion-requests')({
  component: PromotionRequestsPage,
});

function PromotionRequestsPage() {
  return <SectionNotBuilt title="Promotion Requests" description="Requests for a higher role, waiting for a decision." />;
}
