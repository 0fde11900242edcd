import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/add-ons')({
  component: AddOnsPage,
});

function AddOnsPage() {
  return <SectionNotBuilt title="Add-ons" description="Extensions installed on your clusters: monitoring, backups, ingress and more." />;
}
