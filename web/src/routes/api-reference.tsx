import { createFileRoute } from '@tanstack/react-router';
import { ApiReferencePage } from '../features/public';

export const Route = createFileRoute('/api-reference')({
  component: ApiReferencePage,
});
