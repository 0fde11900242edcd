import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/organizations')({
  component: OrganizationsPage,
});

function OrganizationsPage() {
  return <SectionNotBuilt title="Organizations" description="Customer organisations, their status and billing details." />;
}
