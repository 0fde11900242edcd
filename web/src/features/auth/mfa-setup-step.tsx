import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { sessionStore } from '../../lib/browser-storage';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useTokenAction } from '../../lib/use-token-action';
import { totpCodeSchema } from './auth-schemas';
import type { MfaChallenge } from './auth-storage';
import { clearMfaChallenge } from './auth-storage';
import { AuthenticatorKey } from './authenticator-key';
import { CodeStepForm } from './code-step-form';
import type { SessionUser } from './auth-types';
import { RecoveryCodes } from './recovery-codes';
import { useCompleteSignIn } from './use-complete-sign-in';

interface MfaSetupStepProps {
  challenge: MfaChallenge;
  /** Abandons this sign-in and goes back to the password step. */
  onCancel: () => void;
}

interface Enrolled {
  user: SessionUser;
  recoveryCodes: string[];
}

/**
 * Signing in to a staff account without two-step verification: it is set up here, and only the
 * first valid code starts the session. The recovery codes are shown once before the console opens.
 */
export function MfaSetupStep({ challenge, onCancel }: MfaSetupStepProps) {
  const trpc = useTRPC();
  const completeSignIn = useCompleteSignIn();
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  const start = useMutation(trpc.auth.mfaEnrollmentStart.mutationOptions());
  useTokenAction(challenge.mfaToken, (mfaToken) => start.mutate({ mfaToken }));

  if (enrolled) {
    return (
      <Stack gap="md">
        <Text size="sm">
          Two-step verification is on for your account. From now on, signing in asks for a code from your authenticator
          app.
        </Text>
        <RecoveryCodes
          codes={enrolled.recoveryCodes}
          doneLabel="I have saved them, continue"
          onDone={() => void completeSignIn(enrolled.user, 'login')}
        />
      </Stack>
    );
  }

  const why = (
    <Alert color="blue" variant="light" icon={<IconShieldLock size={18} aria-hidden />} title="Staff accounts need two-step verification">
      Your account can manage customers, the catalogue and other accounts, so a password alone is not enough to sign
      in. Set up an authenticator app now; you get a session as soon as it works.
    </Alert>
  );

  if (start.isError) {
    return (
      <Stack gap="md">
        {why}
        <ErrorAlert>{start.error.message}</ErrorAlert>
        <Button fullWidth onClick={onCancel}>
          Back to sign in
        </Button>
      </Stack>
    );
  }

  if (!start.isSuccess) {
    return (
      <Stack gap="md">
        {why}
        <Group gap="sm" justify="center" py="md" role="status" aria-live="polite">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed">Preparing your authenticator key...</Text>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid="mfa-setup">
      {why}
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>
          Open an authenticator app such as Aegis, FreeOTP, Google Authenticator or 1Password on your phone.
        </List.Item>
        <List.Item>Scan the QR code, or type the setup key into the app.</List.Item>
        <List.Item>Enter the 6-digit code the app shows.</List.Item>
      </List>
      <AuthenticatorKey setup={start.data} />
      <FirstCodeForm
        mfaToken={challenge.mfaToken}
        onEnrolled={(result) => {
          // The session exists from here on: this sign-in must not be resumed again.
          clearMfaChallenge(sessionStore());
          setEnrolled(result);
        }}
        onCancel={onCancel}
      />
    </Stack>
  );
}

interface FirstCodeFormProps {
  mfaToken: string;
  onEnrolled: (result: Enrolled) => void;
  onCancel: () => void;
}

function FirstCodeForm({ mfaToken, onEnrolled, onCancel }: FirstCodeFormProps) {
  const trpc = useTRPC();
  const complete = useMutation(trpc.auth.mfaEnrollmentComplete.mutationOptions());
  const schemaForm = useSchemaForm({
    schema: totpCodeSchema,
    initialValues: { code: '' },
    submit: (_parsed, values) => complete.mutateAsync({ mfaToken, code: values.code.replace(/\s+/g, '') }),
    // A refused code is said under the code.
    refusalField: 'code',
    onSuccess: onEnrolled,
  });

  return (
    <CodeStepForm
      schemaForm={schemaForm}
      testId="mfa-setup-form"
      codeInput={{ label: 'Code from the app', inputMode: 'numeric' }}
      submitLabel="Turn on and sign in"
      onCancel={onCancel}
    />
  );
}
