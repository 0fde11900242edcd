import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/usage')({
  component: UsagePage,
});

function UsagePage() {
  return <SectionNotBuilt title="Usage" description="What your clusters and services consumed, and what it costs." />;
}
