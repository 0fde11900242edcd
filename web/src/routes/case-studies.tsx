import { createFileRoute } from '@tanstack/react-router';
import { CaseStudiesPage } from '../features/public';

export const Route = createFileRoute('/case-studies')({
  component: CaseStudiesPage,
});
