import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-addons')({
  component: ManageAddOnsPage,
});

function ManageAddOnsPage() {
  return <SectionNotBuilt title="Manage Add-ons" description="The add-ons of the catalogue: descriptions, prices and availability." />;
}
