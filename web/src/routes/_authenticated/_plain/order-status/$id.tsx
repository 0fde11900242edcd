import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/order-status/$id')({
  component: OrderStatusPage,
});

function OrderStatusPage() {
  const { id } = Route.useParams();
  return (
    <SectionNotBuilt
      title="Order Status"
      description="Where one order stands, step by step."
      reference={{ label: 'Order', value: id }}
    />
  );
}
