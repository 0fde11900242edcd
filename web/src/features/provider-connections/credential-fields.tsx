import { FileInput, PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { PROVIDER_PAGES, type FormValues, type ProviderId } from './providers';

interface CredentialFieldsProps {
  provider: ProviderId;
  /** The form (useSchemaForm, controlled) whose values hold the provider's fields by name. */
  form: { values: FormValues; errors: Record<string, ReactNode>; setFieldValue: (name: string, value: string) => void };
  disabled?: boolean;
}

/** The provider's credential inputs; secrets are password inputs the browser is asked not to remember. */
export function CredentialFields({ provider, form, disabled }: CredentialFieldsProps) {
  const onChange = (name: string, value: string) => form.setFieldValue(name, value);
  const [fileError, setFileError] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      {PROVIDER_PAGES[provider].fields.map((field) => {
        const common = {
          label: field.label,
          description: field.description,
          placeholder: field.placeholder,
          required: !field.optional,
          disabled,
          value: form.values[field.name] ?? '',
          error: form.errors[field.name],
          'data-testid': `credential-${field.name}`,
        };
        if (field.kind === 'secret') {
          return <PasswordInput key={field.name} {...common} autoComplete="new-password" spellCheck={false} onChange={(event) => onChange(field.name, event.currentTarget.value)} />;
        }
        if (field.kind === 'json') {
          return (
            <Stack key={field.name} gap="xs">
              <Textarea {...common} autosize minRows={6} maxRows={14} spellCheck={false} autoComplete="off" styles={{ input: { fontFamily: 'monospace' } }} onChange={(event) => onChange(field.name, event.currentTarget.value)} />
              <FileInput
                label="Or choose the key file"
                accept="application/json,.json"
                clearable
                disabled={disabled}
                error={fileError}
                onChange={(file) => {
                  setFileError(null);
                  if (!file) return;
                  file.text().then(
                    (text) => onChange(field.name, text),
                    () => setFileError('The file could not be read.'),
                  );
                }}
              />
            </Stack>
          );
        }
        return <TextInput key={field.name} {...common} autoComplete="off" spellCheck={false} onChange={(event) => onChange(field.name, event.currentTarget.value)} />;
      })}
    </Stack>
  );
}
