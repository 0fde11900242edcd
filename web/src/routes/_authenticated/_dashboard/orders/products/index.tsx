import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/products/')({
  component: MiddlewaresPage,
});

function MiddlewaresPage() {
  return <SectionNotBuilt title="Middlewares" description="Orders for managed middlewares: databases, message queues and caches." />;
}
