import { Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DevOnlyAlert } from '../../components/dev-only-alert';
import { AnchorLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import { authToasts } from './auth-toasts';
import { useCompleteSignIn } from './use-complete-sign-in';

const ROLE_LABELS: Record<string, string> = {
  user: 'Customer',
  officer: 'Officer',
  admin: 'Admin',
  super_admin: 'Super admin',
};

/** Development sign-in: one button per seeded demo account. The server refuses it outside development. */
export function DevLoginPage() {
  const trpc = useTRPC();
  const completeSignIn = useCompleteSignIn();
  const accounts = useQuery(trpc.dev.demoAccounts.queryOptions());
  const login = useMutation(
    trpc.dev.login.mutationOptions({
      onSuccess: (user) => completeSignIn(user, 'login'),
      onError: (error) => authToasts.loginFailed(error.message),
    }),
  );

  const footer = (
    <>
      Have a real account? <AnchorLink to="/auth">Sign in</AnchorLink>
    </>
  );

  if (accounts.error) {
    return (
      <AuthCard title="Development sign-in" footer={footer}>
        <DevOnlyAlert
          error={accounts.error}
          notHere="Demo accounts only exist on development servers. Sign in with your own account instead."
          failedTitle="Demo accounts could not be loaded"
          testId="dev-login-unavailable"
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Development sign-in"
      description="Sign in as one of the seeded demo accounts, without a password or second factor. Only development servers offer this."
      footer={footer}
    >
      <Stack gap="sm">
        {accounts.isPending
          ? Array.from({ length: 4 }, (_, index) => <Skeleton key={index} height={72} radius="md" />)
          : accounts.data.map((account) => (
              <Card key={account.username} withBorder padding="md" data-testid="demo-account">
                <Group justify="space-between" wrap="nowrap" gap="md">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Group gap="xs">
                      <Text fw={600}>{account.name}</Text>
                      <Badge size="xs" variant="light" color={account.role === 'user' ? 'blue' : 'grape'}>
                        {ROLE_LABELS[account.role] ?? account.role}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      @{account.username} · {account.description}
                    </Text>
                  </Stack>
                  <Button
                    size="xs"
                    variant="light"
                    loading={login.isPending && login.variables.username === account.username}
                    disabled={login.isPending && login.variables.username !== account.username}
                    onClick={() => login.mutate({ username: account.username })}
                  >
                    Sign in
                  </Button>
                </Group>
              </Card>
            ))}
      </Stack>
    </AuthCard>
  );
}
