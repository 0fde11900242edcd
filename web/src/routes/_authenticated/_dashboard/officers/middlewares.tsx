import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/middlewares')({
  component: MiddlewaresPage,
});

function MiddlewaresPage() {
  return <SectionNotBuilt title="Middlewares" description="The middlewares running across organisations." />;
}
