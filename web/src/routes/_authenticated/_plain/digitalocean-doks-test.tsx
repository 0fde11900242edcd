import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/digitalocean-doks-test')({
  component: DigitaloceanDoksTestPage,
});

function DigitaloceanDoksTestPage() {
  return <SectionNotBuilt title="DigitalOcean DOKS Test" description="Checks that a cluster can be created on DigitalOcean (DOKS)." />;
}
