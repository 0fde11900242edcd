import { Text } from '@mantine/core';
import { useSchemaForm } from '../../lib/use-schema-form';
import type { MfaChallenge } from './auth-storage';
import { CodeStepForm } from './code-step-form';
import { mfaCodeSchema, normalizeMfaCode, RECOVERY_CODE_EXAMPLE } from './auth-schemas';
import { useVerifyMfa } from './use-sign-in';

interface MfaCodeFormProps {
  challenge: MfaChallenge;
  /** Abandons this sign-in and goes back to the password step. */
  onCancel: () => void;
}

export function MfaCodeForm({ challenge, onCancel }: MfaCodeFormProps) {
  const verify = useVerifyMfa();
  const schemaForm = useSchemaForm({
    schema: mfaCodeSchema,
    initialValues: { code: '' },
    submit: (_parsed, values) => verify.mutateAsync({ mfaToken: challenge.mfaToken, code: normalizeMfaCode(values.code) }),
    // A refused code is said under the code.
    refusalField: 'code',
  });

  return (
    <CodeStepForm
      schemaForm={schemaForm}
      testId="mfa-form"
      intro={
        <Text size="sm" c="dimmed">
          Open your authenticator app and enter the 6-digit code it shows for KubeMarket. Lost your device? Enter one
          of your recovery codes instead.
        </Text>
      }
      codeInput={{
        label: 'Authentication code',
        description: `6 digits, or a recovery code such as ${RECOVERY_CODE_EXAMPLE}`,
        autoCapitalize: 'off',
        spellCheck: false,
        autoFocus: true,
      }}
      submitLabel="Verify and sign in"
      onCancel={onCancel}
    />
  );
}
