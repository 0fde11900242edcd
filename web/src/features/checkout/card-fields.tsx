import { Button, Group, Text, TextInput } from '@mantine/core';
import { DataTable } from '../../components/list-kit';
import { formatCardNumber } from './card';
import type { CardFormValues } from './card';

/* The test-mode card inputs and the table of test cards: the checkout and /billing's add-card form. */

type CardField = keyof CardFormValues;

interface CardInputsProps {
  /** The form's props for a field (value, onChange, error). */
  inputProps: (field: CardField) => object;
  /** The number as typed, grouped by four. */
  onNumberChange: (formatted: string) => void;
}

export function CardInputs({ inputProps, onNumberChange }: CardInputsProps) {
  return (
    <>
      <TextInput label="Name on the card" autoComplete="cc-name" {...inputProps('holderName')} />
      <TextInput
        label="Card number"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="1234 1234 1234 1234"
        {...inputProps('number')}
        onChange={(event) => onNumberChange(formatCardNumber(event.currentTarget.value))}
      />
      <Group grow gap="sm" align="flex-start">
        <TextInput label="Expiry date" description="MM/YY" autoComplete="cc-exp" inputMode="numeric" placeholder="MM/YY" {...inputProps('expiry')} />
        <TextInput label="Security code" description="3 or 4 digits" autoComplete="cc-csc" inputMode="numeric" maxLength={4} {...inputProps('cvc')} />
      </Group>
    </>
  );
}

/** What "Use" fills in for a test card: its number, and an expiry and code when none is typed yet. */
export function testCardValues(number: string, current: Pick<CardFormValues, 'expiry' | 'cvc'>, now: Date): Partial<CardFormValues> {
  return {
    number: formatCardNumber(number),
    ...(current.expiry.trim() === '' ? { expiry: `12/${String((now.getFullYear() + 3) % 100).padStart(2, '0')}` } : {}),
    ...(current.cvc.trim() === '' ? { cvc: '123' } : {}),
  };
}

interface TestCardsTableProps {
  cards: ReadonlyArray<{ number: string; description: string }>;
  /** Heading of the description column, e.g. "What happens". */
  outcomeHeading: string;
  disabled: boolean;
  onUse: (number: string) => void;
}

export function TestCardsTable({ cards, outcomeHeading, disabled, onUse }: TestCardsTableProps) {
  if (cards.length === 0) return null;
  return (
    <DataTable
      rows={cards}
      columns={[
        {
          header: 'Card number',
          cell: (card) => (
            <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {card.number}
            </Text>
          ),
        },
        { header: outcomeHeading, cell: (card) => <Text size="sm">{card.description}</Text> },
        {
          header: 'Use',
          hideHeader: true,
          cell: (card) => (
            <Button size="compact-xs" variant="light" disabled={disabled} onClick={() => onUse(card.number)} aria-label={`Use the test card ${card.number}`}>
              Use
            </Button>
          ),
        },
      ]}
      rowKey={(card) => card.number}
      caption="Test cards: nothing is charged"
      minWidth={360}
      verticalSpacing={4}
      withTableBorder
      testId="test-cards"
    />
  );
}
