import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/order-status/')({
  component: OrderStatusPage,
});

function OrderStatusPage() {
  return <SectionNotBuilt title="Order Status" description="Where your latest order stands." />;
}
