import { Badge, Stack, Text } from '@mantine/core';
import { ORDER_KIND_LABELS } from './catalog-admin-options';
import { useAdminPromotions } from './catalog-admin-queries';
import type { AdminPromotion } from './catalog-admin-types';
import { discountOf } from './catalog-display';
import { CatalogList } from './catalog-list';
import { STATUS_COLUMN, type Column } from './catalog-table';
import { formatEuros } from './money';
import { PromotionForm } from './promotion-form';
import { useApprovalOffer } from './use-catalog-form';
import { formatUtcDateTime } from './utc-dates';

const WITHDRAW = { archive: 'withdraw', archiving: 'withdrawing', archived: 'withdrawn' };

function rulesOf(promotion: AdminPromotion): string[] {
  const rules: string[] = [];
  if (promotion.firstPurchaseOnly) rules.push('First purchase only');
  if (promotion.minimumSubtotalCents > 0) rules.push(`Orders of ${formatEuros(promotion.minimumSubtotalCents)} or more`);
  rules.push(promotion.appliesTo ? `On ${promotion.appliesTo.map((kind) => ORDER_KIND_LABELS[kind].toLowerCase()).join(', ')}` : 'On every order');
  const orders = (count: number) => `${count} ${count === 1 ? 'order' : 'orders'}`;
  rules.push(promotion.maxRedemptions === null ? `Used by ${orders(promotion.redemptions)}` : `Used by ${promotion.redemptions} of ${orders(promotion.maxRedemptions)}`);
  if (promotion.maxRedemptionsPerOrganization !== null) rules.push(`At most ${orders(promotion.maxRedemptionsPerOrganization)} per organisation`);
  return rules;
}

const COLUMNS: readonly Column<AdminPromotion>[] = [
  {
    header: 'Code',
    td: { maw: 280 },
    cell: (promotion) => (
      <Stack gap={2}>
        <Text size="sm" fw={700} ff="monospace">
          {promotion.code}
        </Text>
        <Text size="xs" c="dimmed">
          {promotion.description}
        </Text>
      </Stack>
    ),
  },
  { header: 'Discount', cell: discountOf },
  {
    header: 'Valid',
    cell: (promotion) => (
      <>
        <Text size="xs">From {formatUtcDateTime(promotion.validFrom)}</Text>
        <Text size="xs">{promotion.validUntil === null ? 'No end' : `Until ${formatUtcDateTime(promotion.validUntil)}`}</Text>
      </>
    ),
  },
  {
    header: 'Rules',
    td: { maw: 240 },
    cell: (promotion) =>
      rulesOf(promotion).map((rule) => (
        <Text key={rule} size="xs">
          {rule}
        </Text>
      )),
  },
  {
    header: 'Featured',
    cell: (promotion) =>
      promotion.featured ? (
        <Badge size="sm" variant="filled" color="blue.9" miw="max-content">
          Featured
        </Badge>
      ) : (
        'No'
      ),
  },
  STATUS_COLUMN,
];

/** Promotion codes: the list, and creating, editing, withdrawing and restoring them. */
export function PromotionsPanel() {
  const promotions = useAdminPromotions();
  // Restoring a promotion larger than one person offers alone needs a second administrator.
  const approvalOffer = useApprovalOffer();

  return (
    <>
      <CatalogList
        noun="promotions"
        label="Promotions"
        query={promotions}
        searchText={(promotion) => [promotion.code, promotion.description, discountOf(promotion)]}
        columns={COLUMNS}
        minWidth={1000}
        keyOf={(promotion) => promotion.code}
        nameOf={(promotion) => promotion.code}
        create={{ label: 'Create promotion', title: 'Create a promotion' }}
        form={(promotion, onDone) => <PromotionForm promotion={promotion} onDone={onDone} />}
        formSize="lg"
        archiving={{
          noun: 'promotion',
          procedures: (client) => client.catalogAdmin.promotions,
          input: (code) => ({ code }),
          note: 'The banner stops announcing it; restoring it does not feature it again.',
          verbs: WITHDRAW,
          label: 'Withdraw',
          onRefused: (target, failure) => target.action === 'restore' && approvalOffer.offer(failure, { procedure: 'catalogAdmin.promotions.restore', input: { code: target.id } }),
        }}
      />
      {approvalOffer.dialog}
    </>
  );
}
