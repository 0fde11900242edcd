import { createFileRoute } from '@tanstack/react-router';
import { ProviderTestPage } from '../../../features/provider-connections';

export const Route = createFileRoute('/_authenticated/_plain/alibaba-ack-test')({
  component: AlibabaAckTestPage,
});

function AlibabaAckTestPage() {
  return <ProviderTestPage provider="ack" />;
}
