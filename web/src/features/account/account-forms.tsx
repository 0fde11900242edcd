import { Alert, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { emailChangeInputSchema, passwordChangeFormSchema, profileUpdateInputSchema } from '@kubemarket/shared';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ErrorAlert } from '../../components/error-alert';
import { NewPasswordFields } from '../../components/new-password-fields';

export function ChangeNameForm({ currentName }: { currentName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { name: currentName },
    validate: schemaResolver(profileUpdateInputSchema, { sync: true }),
  });
  const update = useMutation(
    trpc.account.updateName.mutationOptions({
      onSuccess(user) {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        void queryClient.invalidateQueries({ queryKey: trpc.account.profile.queryKey() });
        form.setInitialValues({ name: user.name });
        form.reset();
        notifications.show({ message: 'Your name has been updated.', color: 'green' });
      },
    }),
  );

  return (
    <form noValidate onSubmit={form.onSubmit((values) => update.mutate({ name: values.name.trim() }))}>
      <Stack gap="md">
        <ErrorAlert>{update.error?.message}</ErrorAlert>
        <TextInput label="Full name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ChangePasswordForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: schemaResolver(passwordChangeFormSchema, { sync: true }),
  });
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess(result) {
        form.reset();
        void queryClient.invalidateQueries({ queryKey: trpc.security.sessions.queryKey() });
        notifications.show({
          title: 'Password changed',
          message:
            result.sessionsEnded > 0
              ? `Your other sessions (${result.sessionsEnded}) were signed out. This one stays signed in.`
              : 'Use your new password the next time you sign in.',
          color: 'green',
        });
      },
    }),
  );

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        change.mutate({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
      )}
    >
      <Stack gap="md">
        <ErrorAlert>{change.error?.message}</ErrorAlert>
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields
          form={form}
          names={{ password: 'newPassword', confirmation: 'confirmPassword' }}
          labels={{ password: 'New password', confirmation: 'Confirm new password' }}
          hint="Your other sessions are signed out when it changes."
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const trpc = useTRPC();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { newEmail: '', currentPassword: '', signOutOtherSessions: false },
    validate: schemaResolver(emailChangeInputSchema, { sync: true }),
  });
  // A 503 (mail is down) comes with the server's explanation, shown like any other refusal.
  const change = useMutation(trpc.account.changeEmail.mutationOptions({ onSuccess: () => form.reset() }));

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        if (values.newEmail.trim().toLowerCase() === currentEmail.toLowerCase()) {
          form.setFieldError('newEmail', 'This is already your email address.');
          return;
        }
        change.mutate({
          newEmail: values.newEmail.trim(),
          currentPassword: values.currentPassword,
          signOutOtherSessions: values.signOutOtherSessions,
        });
      })}
    >
      <Stack gap="md">
        {change.isSuccess ? (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} title="Check your inbox" data-testid="email-change-sent">
            We sent a confirmation link to <strong>{change.variables.newEmail}</strong>. Your account keeps{' '}
            <strong>{currentEmail}</strong> until you open it; the link expires in 24 hours.
            {change.variables.signOutOtherSessions
              ? ' When you confirm it, your other sessions are signed out; this one stays signed in.'
              : null}
          </Alert>
        ) : null}
        <ErrorAlert>{change.error?.message}</ErrorAlert>
        <TextInput
          label="New email address"
          type="email"
          autoComplete="email"
          required
          key={form.key('newEmail')}
          {...form.getInputProps('newEmail')}
        />
        <PasswordInput
          label="Current password"
          description="We ask for it to make sure it is really you."
          autoComplete="current-password"
          required
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <Checkbox
          label="Sign out my other sessions when the new address is confirmed"
          description="Recommended if someone else may know your password or still be signed in somewhere."
          key={form.key('signOutOtherSessions')}
          {...form.getInputProps('signOutOtherSessions', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Send confirmation link
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
