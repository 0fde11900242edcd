import { Alert, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { CancelSubmitRow } from '../../components/form-fields';

/** Each add form's title, the id that names the form by it, and its test ids. */
const FORMS = {
  card: { titleId: 'add-card-title', title: 'Add a card', testId: 'add-card-form', testNoticeId: 'test-mode-notice' },
  sepa_debit: { titleId: 'add-sepa-title', title: 'Add a SEPA direct debit', testId: 'add-sepa-form', testNoticeId: 'sepa-test-mode-notice' },
} as const;

interface AddMethodFormProps {
  kind: keyof typeof FORMS;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** How to try it in test mode, where no real money moves; null outside test mode. */
  testNotice: ReactNode;
  children: ReactNode;
}

/** An add form of the payment methods: named by its title, the test mode notice, then its fields and footer. */
export function AddMethodForm({ kind, formRef, onSubmit, testNotice, children }: AddMethodFormProps) {
  const { titleId, title, testId, testNoticeId } = FORMS[kind];
  return (
    <form ref={formRef} noValidate aria-labelledby={titleId} data-testid={testId} onSubmit={onSubmit}>
      <Stack gap="sm">
        <Text id={titleId} fw={600}>
          {title}
        </Text>
        {testNotice ? (
          <Alert color="grape" variant="light" icon={<IconFlask size={18} />} title="Test mode — no real money moves" data-testid={testNoticeId}>
            {testNotice}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </form>
  );
}

/** The fields an add form disables while it saves, spaced as the form's other blocks. */
export function MethodFieldset({ disabled, children }: { disabled: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}>
      {children}
    </fieldset>
  );
}

/** The end of each add form: the server's refusal (announced), then Cancel and the submit button. */
export function FormFooter(props: { error: string | null; errorTitle: string; errorTestId: string; working: boolean; onCancel: () => void; submitLabel: string; submitTestId: string }) {
  return (
    <>
      <div role="alert" aria-atomic="true">
        {props.error ? (
          <Alert color="red" variant="light" title={props.errorTitle} data-testid={props.errorTestId}>
            {props.error}
          </Alert>
        ) : null}
      </div>
      <CancelSubmitRow onCancel={props.onCancel} holdCancel submitting={props.working} testId={props.submitTestId}>
        {props.submitLabel}
      </CancelSubmitRow>
    </>
  );
}
