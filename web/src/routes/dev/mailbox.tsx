import { createFileRoute } from '@tanstack/react-router';
import { MailboxPage } from '../../features/dev';

export const Route = createFileRoute('/dev/mailbox')({
  component: MailboxPage,
});
