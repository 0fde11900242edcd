import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/cluster-topology')({
  component: ClusterTopologyPage,
});

function ClusterTopologyPage() {
  return <SectionNotBuilt title="Cluster Topology" description="How the nodes, node pools and workloads of your clusters are laid out." />;
}
