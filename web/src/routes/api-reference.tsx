import { createFileRoute } from '@tanstack/react-router';
import { ApiReferencePage } from '../features/public/api-reference-page';

export const Route = createFileRoute('/api-reference')({
  component: ApiReferencePage,
});
