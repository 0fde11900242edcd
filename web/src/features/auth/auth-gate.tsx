import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { AUTH_REDIRECT_DELAY_MS } from '@kubemarket/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { sessionStore } from '../../lib/browser-storage';
import { LoadingScreen } from '../shell/loading-screen';
import type { LoadingScreenSize } from '../shell/loading-screen';
import { locationToPath, saveRedirectAfterLogin, SIGN_IN_PATH } from './redirect-after-login';
import { useCurrentUser } from './use-current-user';

interface AuthGateProps {
  /** The spinner of the layout being guarded: sm plain, md dashboard, lg configuration. */
  loaderSize: LoadingScreenSize;
  children: ReactNode;
}

/**
 * SPEC.md section 4: a spinner while the user loads; without a user, remember where they were
 * (path, query and hash) and go to the sign-in page 100 ms later.
 */
export function AuthGate({ loaderSize, children }: AuthGateProps) {
  const { data: user, error, isPending, isFetching, refetch } = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const signedOut = !isPending && !error && user === null;
  const currentPath = locationToPath({ pathname: location.pathname, search: location.searchStr, hash: location.hash });

  useEffect(() => {
    if (!signedOut) return;
    saveRedirectAfterLogin(sessionStore(), currentPath);
    const timer = setTimeout(() => {
      void navigate({ to: SIGN_IN_PATH, replace: true });
    }, AUTH_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedOut, currentPath, navigate]);

  if (user) return children;

  if (error && !isPending) {
    return (
      <Center mih="60vh" p="md">
        <Alert color="red" variant="light" title="We could not check your session" icon={<IconAlertCircle size={18} />} maw={480}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{error.message}</Text>
            <Button size="xs" variant="white" color="red" loading={isFetching} onClick={() => void refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Center>
    );
  }

  return <LoadingScreen size={loaderSize} />;
}
