import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useSchemaForm } from '../../lib/use-schema-form';
import type { MfaChallenge } from './auth-storage';
import { mfaCodeSchema, normalizeMfaCode, RECOVERY_CODE_EXAMPLE } from './auth-schemas';
import { useVerifyMfa } from './use-sign-in';

interface MfaCodeFormProps {
  challenge: MfaChallenge;
  /** Abandons this sign-in and goes back to the password step. */
  onCancel: () => void;
}

export function MfaCodeForm({ challenge, onCancel }: MfaCodeFormProps) {
  const verify = useVerifyMfa();
  const { form, formRef, onSubmit, submitting } = useSchemaForm({
    schema: mfaCodeSchema,
    initialValues: { code: '' },
    submit: (_parsed, values) => verify.mutateAsync({ mfaToken: challenge.mfaToken, code: normalizeMfaCode(values.code) }),
    // A refused code is said under the code.
    refusalField: 'code',
  });

  return (
    <form ref={formRef} noValidate data-testid="mfa-form" onSubmit={onSubmit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Open your authenticator app and enter the 6-digit code it shows for KubeMarket. Lost your device? Enter one
          of your recovery codes instead.
        </Text>
        <TextInput
          label="Authentication code"
          description={`6 digits, or a recovery code such as ${RECOVERY_CODE_EXAMPLE}`}
          placeholder="123456"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          required
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Button type="submit" fullWidth loading={submitting}>
          Verify and sign in
        </Button>
        <Button variant="subtle" color="gray" fullWidth onClick={onCancel} disabled={submitting}>
          Sign in with a different account
        </Button>
      </Stack>
    </form>
  );
}
