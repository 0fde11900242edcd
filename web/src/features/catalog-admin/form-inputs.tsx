import { NumberInput, Select, Stack, TextInput, type NumberInputProps, type SelectProps, type TextInputProps } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { FormEvent, ReactNode, Ref } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { CancelSubmitRow } from '../../components/form-fields';
import { optionsOf } from './catalog-admin-options';

/** The modals' close button, named for screen readers (Mantine's has only an icon). */
export const CLOSE_BUTTON = { 'aria-label': 'Close' };

/** An amount typed in euros with cents: the form converts it to EUR cents exactly. */
export function EuroInput(props: Omit<NumberInputProps, 'decimalScale' | 'prefix'>) {
  return <NumberInput {...props} prefix="€" decimalScale={2} fixedDecimalScale thousandSeparator="," clampBehavior="none" hideControls inputMode="decimal" />;
}

/** A node-hour price in euros, to thousandths of a cent. */
export function HourlyEuroInput(props: Omit<NumberInputProps, 'decimalScale' | 'prefix'>) {
  return <NumberInput {...props} prefix="€" decimalScale={5} clampBehavior="none" hideControls inputMode="decimal" />;
}

/** A whole number (counts, sizes, minutes). */
export function WholeInput(props: Omit<NumberInputProps, 'allowDecimal'>) {
  return <NumberInput {...props} allowDecimal={false} clampBehavior="none" />;
}

/** A percentage with up to 2 decimals (an SLA, a share of spend). */
export function PercentInput(props: Omit<NumberInputProps, 'decimalScale' | 'suffix'>) {
  return <NumberInput {...props} suffix=" %" decimalScale={2} clampBehavior="none" hideControls inputMode="decimal" />;
}

/** When an edited price applies: today or empty at once, a later day from 00:00 UTC. */
export function PriceDateInput(props: Omit<TextInputProps, 'type'>) {
  return (
    <TextInput
      type="date"
      label="Price change applies from (UTC)"
      description="Only used when you change a price. Leave empty to apply it now; a later day applies from 00:00 UTC. Existing orders always keep the price they were ordered at."
      {...props}
    />
  );
}

/** A position in the lists: empty puts a new item last. */
export function SortOrderInput({ editing, ...props }: Omit<NumberInputProps, 'allowDecimal'> & { editing: boolean }) {
  return <WholeInput label="Sort order" description={editing ? 'Position in lists.' : 'Empty: last.'} min={0} {...props} />;
}

/** The lower-case slug an id is, with an example. */
export const slugHint = (example: string) => `A lower-case slug, e.g. ${example}. It cannot be changed later.`;

interface KeyInputProps extends TextInputProps {
  editing: boolean;
  /** What a new item's key is (its description when creating one). */
  hint: string;
  /** Said once the item exists. */
  fixed?: string;
}

/** The field naming the item (an id, a version, a code): typed on create, then fixed. */
export function KeyInput({ editing, hint, fixed = 'Ids never change.', label = 'Id', ...props }: KeyInputProps) {
  return <TextInput label={label} description={editing ? fixed : hint} required={!editing} readOnly={editing} variant={editing ? 'filled' : 'default'} {...props} />;
}

interface IdAndNameInputsProps {
  /** The form of a codec that opens with idAndName. */
  form: { getInputProps: (path: string) => GetInputPropsReturnType };
  editing: boolean;
  /** An id such items have, for the hint: "tier_premium". */
  example: string;
  nameDescription?: string;
}

/** The inputs of the codecs' idAndName fields: the id, typed once, and the name. */
export function IdAndNameInputs({ form, editing, example, nameDescription }: IdAndNameInputsProps) {
  return (
    <>
      <KeyInput editing={editing} hint={slugHint(example)} {...form.getInputProps('id')} />
      <TextInput label="Name" description={nameDescription} required {...form.getInputProps('name')} />
    </>
  );
}

/** One of a fixed list of choices (a category), from its label map; it cannot be left empty. */
export function ChoiceSelect({ labels, onChange, ...props }: Omit<SelectProps, 'data'> & { labels: Record<string, string> }) {
  return <Select data={optionsOf(labels)} allowDeselect={false} {...props} onChange={(value, option) => value !== null && onChange?.(value, option)} />;
}

interface CatalogFormShellProps {
  /** What useCatalogForm gives (its formRef apart). */
  state: { onSubmit: (event?: FormEvent<HTMLFormElement>) => void; approvalDialog: ReactNode; error: string | null; submitting: boolean; editing: boolean; onDone: () => void };
  formRef: Ref<HTMLFormElement>;
  testId: string;
  /** The submit button of a new item, e.g. "Create tier" (an edit's is "Save changes"). */
  createLabel: string;
  children: ReactNode;
}

/** A catalogue form around its fields: the approval dialog, the alert for the server's other messages, Cancel and submit. */
export function CatalogFormShell({ state, formRef, testId, createLabel, children }: CatalogFormShellProps) {
  return (
    <form ref={formRef} noValidate onSubmit={state.onSubmit} data-testid={testId}>
      {state.approvalDialog}
      <Stack gap="md">
        {children}
        <FormFooter generalError={state.error} saving={state.submitting} submitLabel={state.editing ? 'Save changes' : createLabel} onCancel={state.onDone} />
      </Stack>
    </form>
  );
}

interface FormFooterProps {
  generalError: string | null;
  saving: boolean;
  submitLabel: string;
  onCancel: () => void;
}

/** The form's alert for what the server refused outside any field, and its buttons. */
export function FormFooter({ generalError, saving, submitLabel, onCancel }: FormFooterProps) {
  return (
    <Stack gap="md">
      <ErrorAlert>{generalError}</ErrorAlert>
      <CancelSubmitRow onCancel={onCancel} submitting={saving}>
        {submitLabel}
      </CancelSubmitRow>
    </Stack>
  );
}
