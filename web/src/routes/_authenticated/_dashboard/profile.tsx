import { createFileRoute } from '@tanstack/react-router';
import { AccountPage } from '../../../features/account';

export const Route = createFileRoute('/_authenticated/_dashboard/profile')({
  component: AccountPage,
});
