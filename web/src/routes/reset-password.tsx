import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth';

// The emailed link's token is in the fragment (#token=…, or a legacy ?token=): the page reads it,
// takes it out of the address at once and spends it only on a button press.
export const Route = createFileRoute('/reset-password')({
  component: ResetPasswordPage,
});
