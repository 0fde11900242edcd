import { Badge, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import { CLOSE_BUTTON } from './form-inputs';
import { ArchiveDialog, type ArchiveTarget } from './archive-dialog';
import { ORDER_KIND_LABELS } from './catalog-admin-options';
import { useAdminPromotions, useRefreshCatalog } from './catalog-admin-queries';
import type { AdminPromotion } from './catalog-admin-types';
import { discountOf } from './catalog-display';
import { CatalogTable, ListState } from './catalog-table';
import { ListToolbar } from './list-toolbar';
import { formatEuros } from './money';
import { PromotionForm } from './promotion-form';
import { RowActions } from './row-actions';
import { StatusBadge } from './status-badge';
import { useApprovalOffer } from './use-catalog-form';
import { useListFilter } from './use-list-filter';
import { formatUtcDateTime } from './utc-dates';

const COLUMNS = ['Code', 'Discount', 'Valid', 'Rules', 'Featured', 'Status'] as const;
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

/** Promotion codes: the list, and creating, editing, withdrawing and restoring them. */
export function PromotionsPanel() {
  const trpc = useTRPC();
  const refresh = useRefreshCatalog();
  const promotions = useAdminPromotions();
  const filter = useListFilter(promotions.data, (promotion) => [promotion.code, promotion.description, discountOf(promotion)]);
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const [archiving, setArchiving] = useState<ArchiveTarget | null>(null);
  const archive = useMutation(trpc.catalogAdmin.promotions.archive.mutationOptions({ onSettled: () => void refresh() }));
  const restore = useMutation(trpc.catalogAdmin.promotions.restore.mutationOptions({ onSettled: () => void refresh() }));
  // Restoring a promotion larger than one person offers alone needs a second administrator.
  const approvalOffer = useApprovalOffer();

  return (
    <Stack gap="md">
      <ListToolbar
        noun="promotions"
        search={filter.search}
        onSearch={filter.setSearch}
        showArchived={filter.showArchived}
        onShowArchived={filter.setShowArchived}
        archivedCount={filter.archivedCount}
        createLabel="Create promotion"
        onCreate={() => setEditing('new')}
      />
      <ListState noun="promotions" query={promotions} shown={filter.visible.length}>
        <CatalogTable label="Promotions" columns={COLUMNS} minWidth={1000}>
          {filter.visible.map((promotion) => {
            const archived = promotion.archivedAt !== null;
            return (
              <Table.Tr key={promotion.code} data-testid="catalog-row" data-id={promotion.code}>
                <Table.Td maw={280}>
                  <Stack gap={2}>
                    <Text size="sm" fw={700} ff="monospace">
                      {promotion.code}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {promotion.description}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>{discountOf(promotion)}</Table.Td>
                <Table.Td>
                  <Text size="xs">From {formatUtcDateTime(promotion.validFrom)}</Text>
                  <Text size="xs">{promotion.validUntil === null ? 'No end' : `Until ${formatUtcDateTime(promotion.validUntil)}`}</Text>
                </Table.Td>
                <Table.Td maw={240}>
                  {rulesOf(promotion).map((rule) => (
                    <Text key={rule} size="xs">
                      {rule}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>
                  {promotion.featured ? (
                    <Badge size="sm" variant="filled" color="blue.9" miw="max-content">
                      Featured
                    </Badge>
                  ) : (
                    'No'
                  )}
                </Table.Td>
                <Table.Td>
                  <StatusBadge archived={archived} />
                </Table.Td>
                <Table.Td>
                  <RowActions
                    name={promotion.code}
                    archived={archived}
                    archiveLabel="Withdraw"
                    onEdit={() => setEditing(promotion)}
                    onArchive={() => setArchiving({ id: promotion.code, name: promotion.code, action: 'archive' })}
                    onRestore={() => setArchiving({ id: promotion.code, name: promotion.code, action: 'restore' })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </CatalogTable>
      </ListState>
      <Modal closeButtonProps={CLOSE_BUTTON} opened={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'Create a promotion' : `Edit ${editing?.code ?? ''}`} size="lg">
        {editing !== null ? <PromotionForm key={editing === 'new' ? 'new' : editing.code} promotion={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <ArchiveDialog
        noun="promotion"
        target={archiving}
        verbs={WITHDRAW}
        onClose={() => setArchiving(null)}
        onConfirm={(target) => (target.action === 'archive' ? archive : restore).mutateAsync({ code: target.id })}
        archiveNote="The banner stops announcing it; restoring it does not feature it again."
        onRefused={(target, failure) => target.action === 'restore' && approvalOffer.offer(failure, { procedure: 'catalogAdmin.promotions.restore', input: { code: target.id } })}
      />
      {approvalOffer.dialog}
    </Stack>
  );
}
