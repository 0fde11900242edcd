import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_plain/smart-suggestions')({
  component: SmartSuggestionsPage,
});

function SmartSuggestionsPage() {
  return <SectionNotBuilt title="Smart Suggestions" description="Tiers and sizes recommended from what you tell us about your workloads." />;
}
