import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/')({
  component: OrdersPage,
});

function OrdersPage() {
  return <SectionNotBuilt title="Orders" description="Everything your organisation has ordered: clusters, add-ons, middlewares and support plans." />;
}
