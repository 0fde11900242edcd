import { createFileRoute } from '@tanstack/react-router';
import { CareersPage } from '../features/public';

export const Route = createFileRoute('/careers')({
  component: CareersPage,
});
