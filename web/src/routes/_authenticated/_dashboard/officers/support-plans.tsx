import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/support-plans')({
  component: SupportPlansPage,
});

function SupportPlansPage() {
  return <SectionNotBuilt title="Support Plans" description="The support plans subscribed across organisations." />;
}
