import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/gcp-cluster-test')({
  component: GoogleKubernetesEngineTestPage,
});

function GoogleKubernetesEngineTestPage() {
  return <SectionNotBuilt title="Google Kubernetes Engine Test" description="Checks that a cluster can be created on Google Cloud (GKE)." />;
}
