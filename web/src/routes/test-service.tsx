import { createFileRoute } from '@tanstack/react-router';
import { TestServicePage } from '../features/public/test-service-page';

export const Route = createFileRoute('/test-service')({
  component: TestServicePage,
});
