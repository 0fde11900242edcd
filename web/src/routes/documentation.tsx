import { createFileRoute } from '@tanstack/react-router';
import { DocumentationPage } from '../features/public';

export const Route = createFileRoute('/documentation')({
  component: DocumentationPage,
});
