import { createFileRoute } from '@tanstack/react-router';
import { TutorialsPage } from '../../features/public/tutorials-page';

export const Route = createFileRoute('/tutorials/')({
  component: TutorialsPage,
});
