import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/addons')({
  component: AddOnOrdersPage,
});

function AddOnOrdersPage() {
  return <SectionNotBuilt title="Add-on Orders" description="Orders for add-ons installed on your clusters." />;
}
