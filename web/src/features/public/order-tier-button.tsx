import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Where ordering a tier starts: the configurator, preselected (it sends visitors to sign in first). */
export function orderTierHref(tierId: string): string {
  return `/configure-cluster?${new URLSearchParams({ tier: tierId }).toString()}`;
}

export function OrderTierButton({ tierId, children, ...props }: ButtonProps & { tierId: string; children: ReactNode }) {
  const router = useRouter();
  const href = orderTierHref(tierId);
  return (
    <Button
      component="a"
      href={href}
      data-testid="order-tier"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
      {...props}
    >
      {children}
    </Button>
  );
}
