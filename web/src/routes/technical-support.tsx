import { createFileRoute } from '@tanstack/react-router';
import { TechnicalSupportPage } from '../features/public/technical-support-page';

export const Route = createFileRoute('/technical-support')({
  component: TechnicalSupportPage,
});
