import { Button, Group, NumberInput, Stack, TextInput, type NumberInputProps, type TextInputProps } from '@mantine/core';
import { ErrorAlert } from '../../components/error-alert';

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
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
