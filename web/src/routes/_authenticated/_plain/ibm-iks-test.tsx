import { createFileRoute } from '@tanstack/react-router';
import { ProviderTestPage } from '../../../features/provider-connections';

export const Route = createFileRoute('/_authenticated/_plain/ibm-iks-test')({
  component: IbmIksTestPage,
});

function IbmIksTestPage() {
  return <ProviderTestPage provider="iks" />;
}
