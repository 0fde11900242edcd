import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/support/')({
  component: SupportPlanOrdersPage,
});

function SupportPlanOrdersPage() {
  return <SectionNotBuilt title="Support Plan Orders" description="Orders for support plans." />;
}
