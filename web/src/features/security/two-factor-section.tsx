import { Button, Group, List, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useAccountProfile } from '../account';
import { AuthenticatorKey, type AuthenticatorSetup, RecoveryCodes, totpCodeSchema, useSessionUser } from '../auth';
import { SectionCard } from '../../components/section-card';
import { ErrorAlert } from '../../components/error-alert';
import { PasswordConfirmModal } from './password-confirm-modal';

type PasswordDialog = 'setup' | 'disable' | 'regenerate';

interface ShownCodes {
  codes: string[];
  regenerated: boolean;
}

export const STAFF_KEEPS_TOTP = 'Staff accounts must keep two-step verification on.';

/** Two-step verification with an authenticator app (TOTP), and its one-time recovery codes. */
export function TwoFactorSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const profile = useAccountProfile();
  const [setup, setSetup] = useState<AuthenticatorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<ShownCodes | null>(null);
  const [dialog, setDialog] = useState<PasswordDialog | null>(null);
  const refreshProfile = () => queryClient.invalidateQueries({ queryKey: trpc.account.profile.queryKey() });
  const staff = user.role !== 'user';

  const start = useMutation(
    trpc.security.totpSetup.mutationOptions({
      onSuccess(result) {
        setDialog(null);
        setSetup(result);
      },
    }),
  );
  const disable = useMutation(
    trpc.security.totpDisable.mutationOptions({
      onSuccess() {
        setDialog(null);
        void refreshProfile();
        notifications.show({ message: 'Two-step verification is off.', color: 'yellow' });
      },
    }),
  );
  const regenerate = useMutation(
    trpc.security.regenerateRecoveryCodes.mutationOptions({
      onSuccess(result) {
        setDialog(null);
        setRecoveryCodes({ codes: result.recoveryCodes, regenerated: true });
        notifications.show({
          title: 'New recovery codes',
          message: 'Your previous recovery codes no longer work. Save the new ones now.',
          color: 'green',
        });
      },
    }),
  );

  const openDialog = (next: PasswordDialog) => {
    start.reset();
    disable.reset();
    regenerate.reset();
    setDialog(next);
  };

  const enabled = profile.data?.totpEnabled ?? false;

  let body;
  if (recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes.codes}
        notice={recoveryCodes.regenerated ? 'Your previous recovery codes stopped working when these were made.' : undefined}
        onDone={() => setRecoveryCodes(null)}
      />
    );
  } else if (profile.isPending) {
    body = <Skeleton height={60} radius="md" />;
  } else if (profile.error) {
    body = <ErrorAlert>{profile.error.message}</ErrorAlert>;
  } else if (enabled) {
    body = (
      <Stack gap="sm">
        <Text size="sm">Signing in asks for a code from your authenticator app or a recovery code.</Text>
        <Group gap="sm">
          <Button variant="default" onClick={() => openDialog('regenerate')} data-testid="regenerate-recovery-codes">
            Generate new recovery codes
          </Button>
          {staff ? null : (
            <Button variant="light" color="red" onClick={() => openDialog('disable')}>
              Turn off
            </Button>
          )}
        </Group>
        {staff ? (
          <Text size="sm" c="dimmed" data-testid="totp-required-for-staff">
            {STAFF_KEEPS_TOTP}
          </Text>
        ) : null}
      </Stack>
    );
  } else if (setup) {
    body = (
      <TotpEnrolment
        setup={setup}
        onCancel={() => setSetup(null)}
        onEnabled={(codes) => {
          setSetup(null);
          setRecoveryCodes({ codes, regenerated: false });
          void refreshProfile();
          notifications.show({ title: 'Two-step verification is on', message: 'Save your recovery codes now.', color: 'green' });
        }}
      />
    );
  } else {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Besides your password, signing in will ask for a code from an authenticator app such as Aegis, FreeOTP,
          Google Authenticator or 1Password.
          {user.emailVerified ? null : ' You need a verified email address to set it up.'}
        </Text>
        <Button onClick={() => openDialog('setup')} data-testid="totp-start">
          Set up two-step verification
        </Button>
      </Stack>
    );
  }

  return (
    <SectionCard
      id="two-factor"
      title="Two-step verification"
      description="Protects your account even if your password leaks."
      aside={
        profile.data ? (
          <Text size="sm" fw={600} c={enabled ? 'teal.9' : 'dimmed'} data-testid="totp-status">
            {enabled ? 'On' : 'Off'}
          </Text>
        ) : null
      }
    >
      {body}
      <PasswordConfirmModal
        opened={dialog === 'setup'}
        title="Set up two-step verification"
        confirmLabel="Continue"
        change={start}
        onClose={() => setDialog(null)}
        testId="totp-setup-dialog"
      >
        Enter your password to start. You will then scan a QR code with your authenticator app.
      </PasswordConfirmModal>
      <PasswordConfirmModal
        opened={dialog === 'disable'}
        title="Turn off two-step verification"
        confirmLabel="Turn off two-step verification"
        confirmColor="red"
        change={disable}
        onClose={() => setDialog(null)}
        testId="totp-disable-dialog"
      >
        Signing in will ask for your password only, and your recovery codes stop working. Enter your password to turn
        it off.
      </PasswordConfirmModal>
      <PasswordConfirmModal
        opened={dialog === 'regenerate'}
        title="Generate new recovery codes"
        confirmLabel="Generate new codes"
        change={regenerate}
        onClose={() => setDialog(null)}
        testId="regenerate-codes-dialog"
      >
        You get 10 new codes, shown once. All your current recovery codes, used or not, stop working at once. Enter your
        password to continue.
      </PasswordConfirmModal>
    </SectionCard>
  );
}

function TotpEnrolment({ setup, onCancel, onEnabled }: { setup: AuthenticatorSetup; onCancel: () => void; onEnabled: (codes: string[]) => void }) {
  const trpc = useTRPC();
  const enable = useMutation(trpc.security.totpEnable.mutationOptions());
  const { form, formRef, onSubmit, submitting } = useSchemaForm({
    schema: totpCodeSchema,
    initialValues: { code: '' },
    submit: (_parsed, values) => enable.mutateAsync({ code: values.code.replace(/\s+/g, '') }),
    // A refused code is said under the code.
    refusalField: 'code',
    onSuccess: (result) => onEnabled(result.recoveryCodes),
  });

  return (
    <Stack gap="md">
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>Scan this QR code with your authenticator app, or type the setup key into it.</List.Item>
        <List.Item>Enter the 6-digit code the app shows to finish.</List.Item>
      </List>
      <AuthenticatorKey setup={setup} />
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <TextInput
            label="Code from the app"
            placeholder="123456"
            inputMode="numeric"
            autoComplete="one-time-code"
            maw={220}
            required
            key={form.key('code')}
            {...form.getInputProps('code')}
            data-testid="totp-code"
          />
          <Group gap="sm">
            <Button type="submit" loading={submitting}>
              Turn on
            </Button>
            <Button variant="subtle" color="gray" onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
