import { createFileRoute } from '@tanstack/react-router';
import { DocumentationPage } from '../features/public/documentation-page';

export const Route = createFileRoute('/documentation')({
  component: DocumentationPage,
});
