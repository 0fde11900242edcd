import { createFileRoute } from '@tanstack/react-router';
import { ProviderTestPage } from '../../../features/provider-connections';

export const Route = createFileRoute('/_authenticated/_plain/azure-aks-test')({
  component: AzureAksTestPage,
});

function AzureAksTestPage() {
  return <ProviderTestPage provider="aks" />;
}
