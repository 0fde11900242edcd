import { createFileRoute } from '@tanstack/react-router';
import { ProviderTestPage } from '../../../features/provider-connections';

export const Route = createFileRoute('/_authenticated/_plain/aws-eks-test')({
  component: AwsEksTestPage,
});

function AwsEksTestPage() {
  return <ProviderTestPage provider="eks" />;
}
