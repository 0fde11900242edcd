import { createTokenInputSchema, SCOPE_DOMAIN_LABELS, type ScopeDomain, type TokenScope } from '@kubemarket/shared';
import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { ErrorAlert } from '../../components/error-alert';
import { CancelSubmitRow } from '../../components/form-fields';
import { fieldMap } from '../../lib/server-errors';
import { useSchemaForm } from '../../lib/use-schema-form';
import { accessOf, EXPIRY_CHOICES, scopesOf, type DomainAccess } from './token-form-values';
import { Modal } from '../../components/overlays';

interface CreateTokenModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** The scope domains offered (a service account has no personal ones). */
  domains: readonly ScopeDomain[];
  /** Whether the signed-in person's role may grant a scope: the others are shown but cannot be chosen. */
  grants: (scope: TokenScope) => boolean;
  submit: (input: { name: string; expiresInDays: number; scopes: TokenScope[] }) => Promise<{ token: string }>;
  onCreated: (secret: string) => void;
}

/** Name, expiry and scopes of a new token, checked by the schema the server checks. */
export function CreateTokenModal({ opened, onClose, title, submitLabel, domains, grants, submit, onCreated }: CreateTokenModalProps) {
  // Controlled: the scope switches show the scopes chosen so far.
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: createTokenInputSchema,
    initialValues: { name: '', expiresInDays: 90, scopes: [] as TokenScope[] },
    mode: 'controlled',
    submit,
    fieldOf: fieldMap(['name', 'expiresInDays', 'scopes']),
    resetOnSuccess: true,
    onSuccess: (created) => onCreated(created.token),
  });
  const access = accessOf(form.values.scopes);

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg">
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack>
          <TextInput label="Name" description="What the token is for, so you recognise it later." required maxLength={64} {...form.getInputProps('name')} />
          <Select
            label="Expires after"
            data={EXPIRY_CHOICES.map((choice) => ({ ...choice }))}
            value={String(form.values.expiresInDays)}
            onChange={(value) => form.setFieldValue('expiresInDays', Number(value ?? '90'))}
            allowDeselect={false}
          />
          <Stack gap="xs" role="group" aria-labelledby="token-scopes-label">
            <Text id="token-scopes-label" size="sm" fw={500}>
              Scopes
            </Text>
            <Text size="xs" c="dimmed">
              The token can never do more than your organisation role allows: what it does not grant cannot be chosen. Write includes read.
            </Text>
            {domains.map((domain) => (
              <Group key={domain} justify="space-between" wrap="nowrap">
                <Text size="sm" id={`scope-${domain}`}>
                  {SCOPE_DOMAIN_LABELS[domain]}
                </Text>
                <SegmentedControl
                  size="xs"
                  aria-labelledby={`scope-${domain}`}
                  value={access[domain]}
                  onChange={(value) => form.setFieldValue('scopes', scopesOf({ ...access, [domain]: value as DomainAccess }))}
                  data={[
                    { value: 'none', label: 'No access' },
                    { value: 'read', label: 'Read', disabled: !grants(`${domain}:read`) },
                    { value: 'write', label: 'Read & write', disabled: !grants(`${domain}:write`) },
                  ]}
                />
              </Group>
            ))}
          </Stack>
          {/* The scopes are no single field: their message stands with the form's. */}
          <ErrorAlert>{error ?? form.errors.scopes}</ErrorAlert>
          <CancelSubmitRow onCancel={onClose} submitting={submitting}>
            {submitLabel}
          </CancelSubmitRow>
        </Stack>
      </form>
    </Modal>
  );
}
