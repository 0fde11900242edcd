import { createFileRoute } from '@tanstack/react-router';
import { requireSignedInUser } from '../features/auth';
import { SignedInError, SignedInOutlet, SignedInPending } from '../features/shell';

/**
 * Pathless route of every signed-in page (docs/product/screens.md and docs/product/states.md): the sign-in gate. Its children
 * are the pathless layouts `_dashboard`, `_configuration` and `_plain`; their loaders run only once
 * a user is signed in, and find that user in their context.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location, preload }) =>
    requireSignedInUser({ queryClient: context.queryClient, trpc: context.trpc, location, preload }),
  // The spinner shows as soon as the user has to be read, and for no longer than that.
  pendingComponent: SignedInPending,
  pendingMs: 0,
  pendingMinMs: 0,
  errorComponent: SignedInError,
  component: SignedInOutlet,
});
