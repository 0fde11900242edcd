import { Card, NumberInput, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { CURRENCIES, CURRENCY_SYMBOLS, formatMoney, formatRate } from '@kubemarket/shared';
import type { Currency } from '@kubemarket/shared';
import { useState } from 'react';
import { CurrencyControl, usePreferences } from '../preferences';
import { PriceSettingsCard, useExchangeRates } from '../currency';
import { convertAmount } from '@kubemarket/shared';
import { PageSection, PublicPage } from './public-page';

const CURRENCY_NAMES: Record<Currency, string> = { EUR: 'Euro', USD: 'US dollar', GBP: 'Pound sterling', CNY: 'Chinese yuan' };
const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({ value: code, label: `${code} (${CURRENCY_SYMBOLS[code]}) ${CURRENCY_NAMES[code]}` }));

function asCurrency(value: string | null): Currency | null {
  return CURRENCIES.find((code) => code === value) ?? null;
}

export function CurrencyTestPage() {
  const { rates, result } = useExchangeRates();
  const { currency } = usePreferences();
  const [amount, setAmount] = useState<number>(100);
  const [from, setFrom] = useState<Currency>('EUR');
  const [to, setTo] = useState<Currency>(currency === 'EUR' ? 'USD' : currency);
  const converted = convertAmount(amount, from, to, rates);

  return (
    <PublicPage
      eyebrow="Tools"
      title="Currency rates and converter"
      description="The exchange rates this site uses to show prices in your currency, where they come from, and a converter between the four display currencies."
    >
      <PriceSettingsCard spacious>
        <Text fw={600}>Display currency</Text>
        <CurrencyControl />
      </PriceSettingsCard>

      <PageSection id="rates" title="Current rates" description={result ? `Rates of ${result.date}, against the euro.` : 'Loading rates...'}>
        <Table withTableBorder striped verticalSpacing="sm" data-testid="rates-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Currency</Table.Th>
              <Table.Th>Symbol</Table.Th>
              <Table.Th>Rate</Table.Th>
              <Table.Th>1 unit in EUR</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CURRENCIES.map((code) => (
              <Table.Tr key={code} data-testid={`rate-row-${code}`}>
                <Table.Td>
                  {code} · {CURRENCY_NAMES[code]}
                </Table.Td>
                <Table.Td>{CURRENCY_SYMBOLS[code]}</Table.Td>
                <Table.Td ff="monospace">{formatRate(rates[code], code)}</Table.Td>
                <Table.Td ff="monospace">{formatMoney(1 / rates[code], 'EUR')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PageSection>

      <PageSection id="converter" title="Converter">
        <Card withBorder radius="md" padding="lg">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <NumberInput
                label="Amount"
                value={amount}
                min={0}
                decimalScale={2}
                thousandSeparator=","
                onChange={(value) => setAmount(typeof value === 'number' ? value : Number(value) || 0)}
                data-testid="converter-amount"
              />
              <Select label="From" data={CURRENCY_OPTIONS} value={from} allowDeselect={false} onChange={(value) => setFrom(asCurrency(value) ?? from)} data-testid="converter-from" />
              <Select label="To" data={CURRENCY_OPTIONS} value={to} allowDeselect={false} onChange={(value) => setTo(asCurrency(value) ?? to)} data-testid="converter-to" />
            </SimpleGrid>
            <Text size="xl" fw={700} data-testid="converter-result">
              {formatMoney(amount, from)} = {formatMoney(converted, to)}
            </Text>
            <Text size="xs" c="dimmed">
              For information only. Invoices are always issued in euros.
            </Text>
          </Stack>
        </Card>
      </PageSection>
    </PublicPage>
  );
}
