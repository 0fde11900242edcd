import { createFileRoute } from '@tanstack/react-router';
import { WebhooksPage } from '../../../features/webhooks';

export const Route = createFileRoute('/_authenticated/_dashboard/settings_/webhooks')({
  component: WebhooksPage,
});
