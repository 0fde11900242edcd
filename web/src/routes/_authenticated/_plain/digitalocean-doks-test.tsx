import { createFileRoute } from '@tanstack/react-router';
import { ProviderTestPage } from '../../../features/provider-connections';

export const Route = createFileRoute('/_authenticated/_plain/digitalocean-doks-test')({
  component: DigitalOceanDoksTestPage,
});

function DigitalOceanDoksTestPage() {
  return <ProviderTestPage provider="doks" />;
}
