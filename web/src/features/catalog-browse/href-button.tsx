import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A button that is a link to a built address (path and search), navigated inside the app; for
 * pages whose search parameters are read by a route this feature does not own (the configurator).
 */
export function HrefButton({ href, children, testId, ...props }: ButtonProps & { href: string; children: ReactNode; testId?: string }) {
  const router = useRouter();
  // A link cannot be disabled: without an address and marked aria-disabled it leads nowhere, and
  // assistive technology (and axe's contrast check) treats it as the disabled control it shows.
  const { disabled } = props;
  return (
    <Button
      component="a"
      href={disabled ? undefined : href}
      aria-disabled={disabled || undefined}
      data-testid={testId}
      onClick={(event) => {
        if (disabled) {
          event.preventDefault();
          return;
        }
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
      {...props}
    >
      {children}
    </Button>
  );
}

/** /configure-cluster with a tier preselected, or an estimate to configure. */
export function configureClusterHref(search: { tier: string } | { estimate: string }): string {
  return `/configure-cluster?${new URLSearchParams(search).toString()}`;
}
