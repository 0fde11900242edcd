import { createFileRoute } from '@tanstack/react-router';
import { CareersPage } from '../features/public/careers-page';

export const Route = createFileRoute('/careers')({
  component: CareersPage,
});
