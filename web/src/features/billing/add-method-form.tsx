import { Alert, Stack, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import type { FormEvent, ReactNode, RefObject } from 'react';
import { CancelSubmitRow } from '../../components/form-fields';

interface AddMethodFormProps {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** The id of the title, which names the form. */
  titleId: string;
  title: string;
  testId: string;
  /** How to try it in test mode, where no real money moves; null outside test mode. */
  testNotice: ReactNode;
  testNoticeId: string;
  children: ReactNode;
}

/** An add form of the payment methods: named by its title, the test mode notice, then its fields and footer. */
export function AddMethodForm({ formRef, onSubmit, titleId, title, testId, testNotice, testNoticeId, children }: AddMethodFormProps) {
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
