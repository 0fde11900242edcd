import { createFileRoute } from '@tanstack/react-router';
import { CaseStudiesPage } from '../features/public/case-studies-page';

export const Route = createFileRoute('/case-studies')({
  component: CaseStudiesPage,
});
