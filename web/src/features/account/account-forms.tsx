import { Alert, Checkbox, Stack, TextInput } from '@mantine/core';
import { emailChangeInputSchema, passwordChangeFormSchema, profileUpdateInputSchema } from '@kubemarket/shared';
import { IconMailCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { ErrorAlert } from '../../components/error-alert';
import { CurrentPasswordInput, NewPasswordFields } from '../../components/new-password-fields';
import { SubmitRow } from '../../components/form-fields';

export function ChangeNameForm({ currentName }: { currentName: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(trpc.account.updateName.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: profileUpdateInputSchema,
    initialValues: { name: currentName },
    submit: (_parsed, values) => update.mutateAsync({ name: values.name.trim() }),
    success: { title: 'Your name has been updated.', variant: 'success' },
    onSuccess: (user) => {
      queryClient.setQueryData(trpc.auth.me.queryKey(), user);
      void queryClient.invalidateQueries({ queryKey: trpc.account.profile.queryKey() });
      form.setInitialValues({ name: user.name });
      form.reset();
    },
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <ErrorAlert>{error}</ErrorAlert>
        <TextInput label="Full name" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
        <SubmitRow submitting={submitting}>Save name</SubmitRow>
      </Stack>
    </form>
  );
}

export function ChangePasswordForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: passwordChangeFormSchema,
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    submit: (_parsed, values) => change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword }),
    resetOnSuccess: true,
    success: (result) => ({
      title: 'Password changed',
      description: result.sessionsEnded > 0 ? `Your other sessions (${result.sessionsEnded}) were signed out. This one stays signed in.` : 'Use your new password the next time you sign in.',
      variant: 'success',
    }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.security.sessions.queryKey() }),
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <ErrorAlert>{error}</ErrorAlert>
        <CurrentPasswordInput form={form} />
        <NewPasswordFields
          form={form}
          names={{ password: 'newPassword', confirmation: 'confirmPassword' }}
          labels={{ password: 'New password', confirmation: 'Confirm new password' }}
          hint="Your other sessions are signed out when it changes."
        />
        <SubmitRow submitting={submitting}>Change password</SubmitRow>
      </Stack>
    </form>
  );
}

/** The server's input, and an address other than the current one. */
const emailChangeFormSchema = (currentEmail: string) =>
  emailChangeInputSchema.refine((values) => values.newEmail.trim().toLowerCase() !== currentEmail.toLowerCase(), { path: ['newEmail'], message: 'This is already your email address.' });

export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const trpc = useTRPC();
  // A 503 (mail is down) comes with the server's explanation, shown like any other refusal.
  const change = useMutation(trpc.account.changeEmail.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: emailChangeFormSchema(currentEmail),
    initialValues: { newEmail: '', currentPassword: '', signOutOtherSessions: false },
    submit: (_parsed, values) => change.mutateAsync({ newEmail: values.newEmail.trim(), currentPassword: values.currentPassword, signOutOtherSessions: values.signOutOtherSessions }),
    resetOnSuccess: true,
  });

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {change.isSuccess ? (
          <Alert color="teal" variant="light" icon={<IconMailCheck size={18} />} title="Check your inbox" data-testid="email-change-sent">
            We sent a confirmation link to <strong>{change.variables.newEmail}</strong>. Your account keeps <strong>{currentEmail}</strong> until you open it; the link expires in 24 hours.
            {change.variables.signOutOtherSessions ? ' When you confirm it, your other sessions are signed out; this one stays signed in.' : null}
          </Alert>
        ) : null}
        <ErrorAlert>{error}</ErrorAlert>
        <TextInput label="New email address" type="email" autoComplete="email" required key={form.key('newEmail')} {...form.getInputProps('newEmail')} />
        <CurrentPasswordInput form={form} description="We ask for it to make sure it is really you." />
        <Checkbox
          label="Sign out my other sessions when the new address is confirmed"
          description="Recommended if someone else may know your password or still be signed in somewhere."
          key={form.key('signOutOtherSessions')}
          {...form.getInputProps('signOutOtherSessions', { type: 'checkbox' })}
        />
        <SubmitRow submitting={submitting}>Send confirmation link</SubmitRow>
      </Stack>
    </form>
  );
}
