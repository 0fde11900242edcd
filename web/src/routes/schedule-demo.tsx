import { createFileRoute } from '@tanstack/react-router';
import { ScheduleDemoPage } from '../features/public';

export const Route = createFileRoute('/schedule-demo')({
  component: ScheduleDemoPage,
});
