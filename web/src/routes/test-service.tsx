import { createFileRoute } from '@tanstack/react-router';
import { TestServicePage } from '../features/public';

export const Route = createFileRoute('/test-service')({
  component: TestServicePage,
});
