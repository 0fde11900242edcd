import { createFileRoute } from '@tanstack/react-router';
import { ProviderTestPage } from '../../../features/provider-connections';

export const Route = createFileRoute('/_authenticated/_plain/gcp-cluster-test')({
  component: GcpClusterTestPage,
});

function GcpClusterTestPage() {
  return <ProviderTestPage provider="gke" />;
}
