import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/support/$id')({
  component: SupportPlanOrderPage,
});

function SupportPlanOrderPage() {
  const { id } = Route.useParams();
  return (
    <SectionNotBuilt
      title="Support Plan Order"
      description="One order for a support plan."
      reference={{ label: 'Order', value: id }}
    />
  );
}
