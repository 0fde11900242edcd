import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-support-plans')({
  component: ManageSupportPlansPage,
});

function ManageSupportPlansPage() {
  return <SectionNotBuilt title="Manage Support Plans" description="The support plans of the catalogue: response times, prices and availability." />;
}
