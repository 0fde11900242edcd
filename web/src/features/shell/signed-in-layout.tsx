import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@kubemarket/shared';
import { Box, Center, Tooltip } from '@mantine/core';
import { Outlet, useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { SessionCheckError, useCurrentUser } from '../auth';
import { SignedInPending } from './signed-in-pending';

/**
 * The signed-in pages, below the gate of the route's `beforeLoad`. When the user goes away while a
 * page is open (the session ended, or was ended elsewhere), the gate runs again: it remembers the page
 * and sends the visitor to sign in, with the spinner meanwhile.
 */
export function SignedInOutlet() {
  const { data: user } = useCurrentUser();
  const router = useRouter();
  const signedOut = user === null;

  useEffect(() => {
    if (signedOut) void router.invalidate();
  }, [signedOut, router]);

  return user ? (
    // docs/product/constants.md#tooltips: once one tooltip has opened, the next opens without waiting within 300 ms.
    // (The header's controls have their group in header-actions.tsx; public pages have no tooltips.)
    <Tooltip.Group openDelay={TOOLTIP_OPEN_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
      <Outlet />
    </Tooltip.Group>
  ) : (
    <SignedInPending />
  );
}

/** The gate could not read the session: say why and offer to try again. */
export function SignedInError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  // The pages' own errors go on to the boundaries above, as they would without the gate.
  if (!(error instanceof SessionCheckError)) throw error;

  return (
    <Center mih="60vh" p="md">
      <Box maw={480} w="100%">
        <QueryErrorAlert
          title="We could not check your session"
          error={error}
          retrying={retrying}
          onRetry={() => {
            setRetrying(true);
            void router.invalidate().finally(() => setRetrying(false));
          }}
        />
      </Box>
    </Center>
  );
}
