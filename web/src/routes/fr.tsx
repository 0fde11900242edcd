import { createFileRoute, redirect } from '@tanstack/react-router';

/** docs/product/screens.md#public-pages: /fr redirects to the home page. */
export const Route = createFileRoute('/fr')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true });
  },
});
