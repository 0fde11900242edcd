import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/panel')({
  component: OfficersPanelPage,
});

function OfficersPanelPage() {
  return <SectionNotBuilt title="Officers Panel" description="Staff tools for the catalogue, users, organisations and tickets." />;
}
