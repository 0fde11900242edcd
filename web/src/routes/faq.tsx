import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '../features/public';

export const Route = createFileRoute('/faq')({
  component: FaqPage,
});
