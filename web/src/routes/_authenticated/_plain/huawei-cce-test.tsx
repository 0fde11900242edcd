import { createFileRoute } from '@tanstack/react-router';
import { ProviderTestPage } from '../../../features/provider-connections';

export const Route = createFileRoute('/_authenticated/_plain/huawei-cce-test')({
  component: HuaweiCceTestPage,
});

function HuaweiCceTestPage() {
  return <ProviderTestPage provider="cce" />;
}
