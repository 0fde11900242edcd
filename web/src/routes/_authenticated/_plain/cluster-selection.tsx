import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/cluster-selection')({
  component: ClusterSelectionPage,
});

function ClusterSelectionPage() {
  return <SectionNotBuilt title="Cluster Selection" description="Compare the cluster types and pick the one that fits your workload." />;
}
