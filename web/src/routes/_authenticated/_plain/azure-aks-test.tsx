import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/azure-aks-test')({
  component: AzureAksTestPage,
});

function AzureAksTestPage() {
  return <SectionNotBuilt title="Azure AKS Test" description="Checks that a cluster can be created on Microsoft Azure (AKS)." />;
}
