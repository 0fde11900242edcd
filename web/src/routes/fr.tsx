import { createFileRoute, redirect } from '@tanstack/react-router';

/** SPEC.md section 2: /fr redirects to the home page. */
export const Route = createFileRoute('/fr')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
