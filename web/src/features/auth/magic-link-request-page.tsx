import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { AnchorLink } from '../../lib/router-links';
import { useTRPC } from '../../lib/trpc';
import { AuthCard } from './auth-card';
import { emailOnlySchema } from './auth-schemas';

export function MagicLinkRequestPage() {
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestMagicLink.mutationOptions());
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(emailOnlySchema, { sync: true }),
  });

  const footer = (
    <>
      Prefer your password? <AnchorLink to="/auth">Sign in</AnchorLink>
    </>
  );

  if (request.isSuccess) {
    return (
      <AuthCard title="Check your inbox" footer={footer}>
        <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} data-testid="magic-link-sent">
          If an account uses <strong>{request.variables.email}</strong>, we have sent it a sign-in link. The link works
          once and expires in 15 minutes.
        </Alert>
        <Text size="sm" c="dimmed">
          Open the link on this device to be signed in here. Wrong address?{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => request.reset()}>
            Send to another one
          </Anchor>
          .
        </Text>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Sign in with an email link"
      description="No password needed: we email you a link that signs you in. If two-step verification is on, you will still be asked for your code."
      footer={footer}
    >
      <form noValidate onSubmit={form.onSubmit((values) => request.mutate({ email: values.email.trim() }))}>
        <Stack gap="md">
          {request.error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {request.error.message}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" fullWidth loading={request.isPending}>
            Email me a sign-in link
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
