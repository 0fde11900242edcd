import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/aws-eks-test')({
  component: AmazonEksTestPage,
});

function AmazonEksTestPage() {
  return <SectionNotBuilt title="Amazon EKS Test" description="Checks that a cluster can be created on Amazon Web Services (EKS)." />;
}
