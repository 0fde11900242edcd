import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/addons')({
  component: AddOnsPage,
});

function AddOnsPage() {
  return <SectionNotBuilt title="Add-ons" description="The add-ons installed across organisations." />;
}
