import { createFileRoute } from '@tanstack/react-router';
import { TutorialsPage } from '../../features/public';

export const Route = createFileRoute('/tutorials/')({
  component: TutorialsPage,
});
