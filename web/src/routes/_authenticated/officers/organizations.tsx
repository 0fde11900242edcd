import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../features/shell/section-not-built';

export const Route = createFileRoute('/_authenticated/officers/organizations')({
  component: OrganizationsPage,
});

function OrganizationsPage() {
  return <SectionNotBuilt title="Organizations" description="Customer organisations, their status and billing details." />;
}
