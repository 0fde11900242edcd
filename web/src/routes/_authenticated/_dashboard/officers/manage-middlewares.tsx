import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/manage-middlewares')({
  component: ManageMiddlewaresPage,
});

function ManageMiddlewaresPage() {
  return <SectionNotBuilt title="Manage Middlewares" description="The middlewares of the catalogue: descriptions, prices and availability." />;
}
