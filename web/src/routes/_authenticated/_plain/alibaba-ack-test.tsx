import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/alibaba-ack-test')({
  component: AlibabaAckTestPage,
});

function AlibabaAckTestPage() {
  return <SectionNotBuilt title="Alibaba ACK Test" description="Checks that a cluster can be created on Alibaba Cloud (ACK)." />;
}
