import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/ibm-iks-test')({
  component: IbmCloudIksTestPage,
});

function IbmCloudIksTestPage() {
  return <SectionNotBuilt title="IBM Cloud IKS Test" description="Checks that a cluster can be created on IBM Cloud (IKS)." />;
}
