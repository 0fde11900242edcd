import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/huawei-cce-test')({
  component: HuaweiCceTestPage,
});

function HuaweiCceTestPage() {
  return <SectionNotBuilt title="Huawei CCE Test" description="Checks that a cluster can be created on Huawei Cloud (CCE)." />;
}
