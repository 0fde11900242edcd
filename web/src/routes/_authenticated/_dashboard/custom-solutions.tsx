import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/custom-solutions')({
  component: CustomSolutionsPage,
});

function CustomSolutionsPage() {
  return <SectionNotBuilt title="Custom Solutions" description="Solutions designed with our team for needs the catalogue does not cover." />;
}
