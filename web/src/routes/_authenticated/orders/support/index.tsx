import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../features/shell/section-not-built';

export const Route = createFileRoute('/_authenticated/orders/support/')({
  component: SupportPlanOrdersPage,
});

function SupportPlanOrdersPage() {
  return <SectionNotBuilt title="Support Plan Orders" description="Orders for support plans." />;
}
