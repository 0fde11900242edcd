import { Alert, Badge, Button, Card, Divider, Group, Loader, Select, Stack, Switch, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import type { BillingCycle, Quote, QuoteLine } from '@kubemarket/shared';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCheck, IconDiscount } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { AmountRow, ComponentAmount, LineAmount } from '../../components/amount-rows';
import { useDisplayPrice } from '../currency';
import { countryOptions } from '../../lib/countries';
import type { Estimate } from './estimate';
import { periodLabel } from '../catalog';
import type { ServerQuoteState } from './use-server-quote';

export type ClientQuoteResult = { kind: 'quote'; quote: Quote } | { kind: 'error'; message: string; lineIndex: number | null } | { kind: 'empty' };

interface EstimateSummaryProps {
  client: ClientQuoteResult;
  server: ServerQuoteState;
  cycle: BillingCycle;
  estimate: Estimate;
  onChange: (changes: Partial<Estimate>) => void;
  /** "Order this", "Copy link" ... */
  actions: ReactNode;
}

/**
 * How long the total must stay unchanged before screen readers hear it: typing "12" in a node
 * count, or a client price followed by the server's, is one announcement, not one per change.
 */
export const TOTAL_ANNOUNCEMENT_DELAY_MS = 500;

/** What the live region reads out for a total; empty while there is none to read. */
export function totalAnnouncement(total: string | null, cycle: BillingCycle): string {
  return total === null ? '' : `Total ${total} ${cycle === 'monthly' ? 'a month' : 'a year'}, VAT included.`;
}

/** Whether two quotes charge the same: every line, the discount, the tax and the total. */
export function sameQuote(a: Quote, b: Quote): boolean {
  return (
    a.totalCents === b.totalCents &&
    a.subtotalCents === b.subtotalCents &&
    a.tax.amountCents === b.tax.amountCents &&
    (a.discount?.amountCents ?? 0) === (b.discount?.amountCents ?? 0) &&
    a.lines.length === b.lines.length &&
    a.lines.every((line, index) => line.amountCents === b.lines[index]?.amountCents)
  );
}

/** The estimate's lines, promotion, VAT and total, with the server's confirmation. */
export function EstimateSummary({ client, server, cycle, estimate, onChange, actions }: EstimateSummaryProps) {
  const { format, ready } = useDisplayPrice();
  const serverQuote = server.status === 'success' ? server.quote : null;
  const clientQuote = client.kind === 'quote' ? client.quote : null;
  // The server's quote is the one that is charged: once it answered for this estimate, it is shown.
  const shown = serverQuote ?? clientQuote;
  const promotionError = server.status === 'success' ? server.promotionError : null;
  // A code the server refused explains the difference itself (shown by the code field).
  const differs = serverQuote !== null && clientQuote !== null && promotionError === null && !sameQuote(serverQuote, clientQuote);
  const [announced] = useDebouncedValue(totalAnnouncement(shown && ready ? format(shown.totalCents) : null, cycle), TOTAL_ANNOUNCEMENT_DELAY_MS);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="estimate-summary-title" data-testid="estimate-summary">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="estimate-summary-title">
            Your estimate
          </Title>
          <Text size="sm" c="dimmed">
            {cycle === 'monthly' ? 'Billed monthly' : 'Billed yearly'} · prices excl. VAT
          </Text>
        </Group>

        {client.kind === 'empty' ? (
          <Text size="sm" c="dimmed" data-testid="estimate-empty">
            Add a cluster or a service to see its price.
          </Text>
        ) : null}
        {client.kind === 'error' && !serverQuote ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="estimate-error">
            {client.message}
          </Alert>
        ) : null}

        {shown ? (
          <Stack gap="sm">
            {shown.lines.map((line) => (
              <LineBreakdown key={line.index} line={line} format={format} cycle={cycle} />
            ))}
            <Divider />
            <AmountRow label="Subtotal" value={format(shown.subtotalCents)} testId="estimate-subtotal" />
          </Stack>
        ) : null}

        <PromotionField
          code={estimate.promotionCode}
          onApply={(promotionCode) => onChange({ promotionCode })}
          quote={shown}
          refusal={promotionError}
          format={format}
        />

        <Stack gap="xs">
          <Select
            label="Country of your organisation"
            description="Decides the VAT on your invoice."
            data={countryOptions()}
            value={estimate.countryCode}
            searchable
            allowDeselect={false}
            onChange={(value) => value && onChange({ countryCode: value })}
            data-testid="estimate-country"
          />
          <Switch
            label="Buying as a business"
            checked={estimate.isBusiness}
            onChange={(event) => onChange({ isBusiness: event.currentTarget.checked })}
            data-testid="estimate-business"
          />
          {estimate.isBusiness ? (
            <VatNumberField value={estimate.vatNumber} onCommit={(vatNumber) => onChange({ vatNumber })} />
          ) : null}
        </Stack>

        {shown ? (
          <Stack gap={6}>
            {shown.discount ? <AmountRow label={shown.discount.label} value={`−${format(shown.discount.amountCents)}`} testId="estimate-discount" /> : null}
            <AmountRow label={shown.tax.label} value={format(shown.tax.amountCents)} testId="estimate-tax" />
            <Divider />
            <Group justify="space-between" align="baseline" wrap="nowrap">
              <Text fw={700}>Total {periodLabel(cycle)}</Text>
              <Text fz={28} fw={800} lh={1.1} data-testid="estimate-total">
                {ready ? format(shown.totalCents) : '…'}
              </Text>
            </Group>
            <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="estimate-total-announcement">
              {announced}
            </VisuallyHidden>
            {shown.lines.some((line) => line.maxTotalCents !== undefined) ? (
              <Text size="xs" c="dimmed" data-testid="estimate-max-total">
                Up to {format(shown.lines.reduce((sum, line) => sum + (line.maxTotalCents ?? line.amountCents), 0))} {periodLabel(cycle)} before
                discount and VAT with every autoscaling pool at its maximum.
              </Text>
            ) : null}
            {cycle === 'monthly' && shown.yearlyDiscountPercent > 0 ? (
              <Text size="xs" c="dimmed">
                Paying yearly would save {shown.yearlyDiscountPercent}% on these prices.
              </Text>
            ) : null}
          </Stack>
        ) : null}

        <ServerQuoteStatus server={server} differs={differs} format={format} hasEstimate={client.kind !== 'empty'} explained={client.kind === 'error'} />

        {actions}
      </Stack>
    </Card>
  );
}

function LineBreakdown({ line, format, cycle }: { line: QuoteLine; format: (cents: number) => string; cycle: BillingCycle }) {
  return (
    <Stack gap={4} data-testid="estimate-line">
      <LineAmount label={line.label} value={format(line.amountCents)} testId="estimate-line-amount" />
      <Stack gap={2} component="ul" m={0} pl="md">
        {line.components.map((component, index) => (
          <ComponentAmount
            key={index}
            label={
              <>
                {component.label}
                {component.quantity !== 1 ? ` · ${component.quantity} × ${format(component.unitCents)}` : ''}
                {component.maxQuantity !== undefined && component.maxAmountCents !== undefined
                  ? ` · up to ${component.maxQuantity} nodes: ${format(component.maxAmountCents)}`
                  : ''}
              </>
            }
            amountCents={component.amountCents}
            format={format}
          />
        ))}
        {line.shareOfSpend ? (
          <Text component="li" size="xs" c="dimmed" style={{ listStyle: 'none' }}>
            {line.shareOfSpend.basisPoints / 100}% of {format(line.shareOfSpend.monthlySpendCents)} monthly spend
            {line.shareOfSpend.minimumApplied ? `, below the minimum of ${format(line.shareOfSpend.minimumMonthlyCents)} a month` : ''}
          </Text>
        ) : null}
      </Stack>
      {cycle === 'yearly' && line.yearlyDiscountPercent > 0 ? (
        <Text size="xs" c="dimmed">
          {line.yearlyDiscountPercent}% less than {format(line.monthlyPriceCents)} a month for 12 months
        </Text>
      ) : null}
    </Stack>
  );
}

function PromotionField({
  code,
  onApply,
  quote,
  refusal,
  format,
}: {
  code: string;
  onApply: (code: string) => void;
  quote: Quote | null;
  /** The server's reason for refusing the code outright, if it did. */
  refusal: string | null;
  format: (cents: number) => string;
}) {
  const [draft, setDraft] = useState(code);
  const promotion = quote?.promotion ?? null;
  const apply = () => onApply(draft.trim().toUpperCase());

  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Promotion code"
          placeholder="e.g. PARIS"
          value={draft}
          maxLength={32}
          style={{ flexGrow: 1 }}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
          leftSection={<IconDiscount size={16} />}
          data-testid="promotion-code"
        />
        <Button variant="default" onClick={apply} data-testid="apply-promotion">
          Apply
        </Button>
        {code !== '' ? (
          <Button
            variant="subtle"
            color="gray"
            onClick={() => {
              setDraft('');
              onApply('');
            }}
          >
            Remove
          </Button>
        ) : null}
      </Group>
      {code !== '' && refusal ? (
        <Text size="sm" data-testid="promotion-status" data-applied="false">
          <IconAlertCircle size={16} color="var(--mantine-color-red-7)" style={{ verticalAlign: 'text-bottom' }} aria-hidden /> {refusal}
        </Text>
      ) : code !== '' && promotion ? (
        promotion.applied ? (
          <Text size="sm" data-testid="promotion-status" data-applied="true">
            <IconCheck size={16} color="var(--mantine-color-teal-7)" style={{ verticalAlign: 'text-bottom' }} aria-hidden />{' '}
            {quote?.discount?.label ?? promotion.code} applied: −{format(quote?.discount?.amountCents ?? 0)}
          </Text>
        ) : (
          <Text size="sm" data-testid="promotion-status" data-applied="false">
            <IconAlertCircle size={16} color="var(--mantine-color-red-7)" style={{ verticalAlign: 'text-bottom' }} aria-hidden />{' '}
            {promotion.code} not applied: {promotion.reason}
          </Text>
        )
      ) : null}
    </Stack>
  );
}

function VatNumberField({ value, onCommit }: { value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <TextInput
      label="VAT number"
      description="EU businesses outside France with a VAT number pay no VAT (reverse charge)."
      placeholder="e.g. DE123456789"
      value={draft}
      maxLength={20}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => onCommit(draft.trim())}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onCommit(draft.trim());
      }}
      data-testid="estimate-vat-number"
    />
  );
}

function ServerQuoteStatus({
  server,
  differs,
  format,
  hasEstimate,
  explained,
}: {
  server: ServerQuoteState;
  differs: boolean;
  format: (cents: number) => string;
  hasEstimate: boolean;
  /** The screen already says why the estimate cannot be priced: the server's error is not repeated. */
  explained: boolean;
}) {
  if (!hasEstimate || server.status === 'idle') return null;
  return (
    <Stack gap={4} data-testid="server-quote">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          Server quote
        </Text>
        {server.status === 'pending' ? (
          <Group gap={6} wrap="nowrap" data-testid="server-quote-status" data-status="pending">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Checking…
            </Text>
          </Group>
        ) : server.status === 'success' ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={700} data-testid="server-quote-total">
              {format(server.quote.totalCents)}
            </Text>
            <Badge
              color={differs ? 'orange' : 'teal'}
              variant="light"
              data-testid="server-quote-status"
              data-status={differs ? 'differs' : server.promotionError ? 'confirmed' : 'matches'}
            >
              {differs ? 'Updated' : server.promotionError ? 'Confirmed' : 'Matches'}
            </Badge>
          </Group>
        ) : (
          <Badge color="red" variant="light" data-testid="server-quote-status" data-status="error">
            Not available
          </Badge>
        )}
      </Group>
      {server.status === 'success' && differs ? (
        <Alert color="orange" variant="light" p="xs" data-testid="server-quote-differs">
          <Text size="xs">
            Our server priced this estimate differently from your screen (prices may have just changed). The server&apos;s quote is shown above: it
            is the one you would be charged.
          </Text>
        </Alert>
      ) : null}
      {server.status === 'success' && !differs ? (
        <Text size="xs" c="dimmed">
          Confirmed by our server with today&apos;s prices; this is what you would be charged.
        </Text>
      ) : null}
      {server.status === 'error' && !explained ? (
        <Alert color="red" variant="light" p="xs" role="alert" data-testid="server-quote-error">
          <Text size="xs">{server.message}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
