import { createFileRoute } from '@tanstack/react-router';
import { ScheduleDemoPage } from '../features/public/schedule-demo-page';

export const Route = createFileRoute('/schedule-demo')({
  component: ScheduleDemoPage,
});
