import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/products/$id')({
  component: MiddlewareOrderPage,
});

function MiddlewareOrderPage() {
  const { id } = Route.useParams();
  return (
    <SectionNotBuilt
      title="Middleware Order"
      description="One order for a managed middleware."
      reference={{ label: 'Order', value: id }}
    />
  );
}
