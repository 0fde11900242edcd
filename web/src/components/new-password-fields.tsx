import { PasswordInput } from '@mantine/core';
import { PASSWORD_MIN_LENGTH } from '@kubemarket/shared';
import type { GetInputPropsReturnType } from '@mantine/form';

/** The form's two fields, by their names in the form's values. */
interface PasswordFieldNames {
  password: string;
  confirmation: string;
}

/** A Mantine form (useForm, useSchemaForm), for the fields to bind to by name. */
type BoundForm = { key: (path: string) => string; getInputProps: (path: string) => GetInputPropsReturnType };

interface NewPasswordFieldsProps {
  /** A Mantine form (useForm, useSchemaForm) whose schema checks the password and its confirmation. */
  form: BoundForm;
  names?: PasswordFieldNames;
  labels: { password: string; confirmation: string };
  /** After the length rule: what else to know. */
  hint?: string;
  autoFocus?: boolean;
}

/** A new password and its confirmation, as registering, resetting and changing it ask for them. */
export function NewPasswordFields({
  form,
  names = { password: 'password', confirmation: 'confirmPassword' },
  labels,
  hint = 'A passphrase of a few words is easy to remember and hard to guess.',
  autoFocus,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        description={`At least ${PASSWORD_MIN_LENGTH} characters. ${hint}`}
        autoComplete="new-password"
        autoFocus={autoFocus}
        required
        key={form.key(names.password)}
        {...form.getInputProps(names.password)}
      />
      <PasswordInput label={labels.confirmation} autoComplete="new-password" required key={form.key(names.confirmation)} {...form.getInputProps(names.confirmation)} />
    </>
  );
}

interface CurrentPasswordInputProps {
  form: BoundForm;
  /** The field's name in the form's values. */
  name?: string;
  label?: string;
  description?: string;
}

/** The password the person has now, asked to sign in or to confirm a change to the account. */
export function CurrentPasswordInput({ form, name = 'currentPassword', label = 'Current password', description }: CurrentPasswordInputProps) {
  return <PasswordInput label={label} description={description} autoComplete="current-password" required key={form.key(name)} {...form.getInputProps(name)} />;
}
