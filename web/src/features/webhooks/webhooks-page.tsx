import { roleCan, type WebhookEventType } from '@kubemarket/shared';
import { ActionIcon, Alert, Anchor, Badge, Button, Code, Group, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconPlus, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BackLink } from '../../components/back-link';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, QueryView, RowsSkeleton, type Column } from '../../components/list-kit';
import { PageLayout } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../auth';
import { DeliveriesSection } from './deliveries-section';
import { DeliveryStatusBadge } from './delivery-status';
import { CreateEndpointModal, EditEndpointModal, SecretModal, type EditableEndpoint } from './endpoint-forms';

/** /settings/webhooks: the organisation's signed webhooks (ADR 36), for owners and administrators. */
export function WebhooksPage() {
  const { data: user } = useCurrentUser();
  const allowed = user ? roleCan(user.organizationRole, 'webhooks:read') : false;
  return (
    <PageLayout
      size="lg"
      title="Webhooks"
      description="KubeMarket sends your endpoints signed HTTPS requests when orders are paid, clusters change, invoices are issued, support replies and incidents open or close."
    >
      <BackLink to="/settings">Settings</BackLink>
      {user && !allowed ? (
        <Alert color="blue" variant="light" title="Owners and administrators manage webhooks">
          Ask an owner or administrator of your organisation to add an endpoint.
        </Alert>
      ) : user ? (
        <Endpoints />
      ) : null}
    </PageLayout>
  );
}

function Endpoints() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const endpoints = useQuery(trpc.webhooks.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: [['webhooks']] });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [editing, setEditing] = useState<EditableEndpoint | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; url: string } | null>(null);
  const [rotating, setRotating] = useState<{ id: string; url: string } | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const failed = (title: string) => (error: { message: string }) => toast({ title, description: error.message, variant: 'destructive' });

  const update = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: () => void refresh(), onError: failed('The endpoint could not be changed') }));
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      onSuccess: (delivery) => {
        setSelectedId(delivery.endpointId);
        toast({ title: 'Test event queued', description: 'It is sent within seconds; follow it under Deliveries.', variant: 'success' });
        void refresh();
      },
      onError: failed('The test event could not be sent'),
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: (endpoint) => {
        setRotating(null);
        setSecret({ value: endpoint.secret, rotated: true });
        void refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: () => {
        setDeleting(null);
        setSelectedId(null);
        toast({ title: 'The endpoint was deleted.', variant: 'success' });
        void refresh();
      },
    }),
  );

  type Endpoint = NonNullable<typeof endpoints.data>[number];
  const columns: Column<Endpoint>[] = [
    {
      header: 'Endpoint',
      rowHeader: true,
      cell: (endpoint) => (
        <Stack gap={2}>
          <Anchor component="button" type="button" size="sm" fw={500} ta="left" style={{ wordBreak: 'break-all' }} onClick={() => setSelectedId(endpoint.id)} aria-label={`Show the deliveries of ${endpoint.url}`}>
            {endpoint.url}
          </Anchor>
          {endpoint.description ? (
            <Text size="xs" c="dimmed">
              {endpoint.description}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      header: 'Events',
      cell: (endpoint) => (
        <Group gap={4} maw={280}>
          {endpoint.events.map((event) => (
            <Code key={event} fz="xs">
              {event}
            </Code>
          ))}
        </Group>
      ),
    },
    {
      header: 'Status',
      cell: (endpoint) => (
        <Badge size="sm" variant="filled" color={endpoint.enabled ? 'green.9' : 'gray.7'}>
          {endpoint.enabled ? 'Enabled' : 'Disabled'}
        </Badge>
      ),
    },
    {
      header: 'Last delivery',
      cell: (endpoint) =>
        endpoint.lastDelivery ? (
          <Stack gap={2}>
            <DeliveryStatusBadge status={endpoint.lastDelivery.status} attempts={1} />
            <Text size="xs" c="dimmed">
              {endpoint.lastDelivery.eventType}, {formatDateTime(endpoint.lastDelivery.createdAt)}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            None yet
          </Text>
        ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (endpoint) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSend size={14} aria-hidden />}
            loading={test.isPending && test.variables?.id === endpoint.id}
            onClick={() => test.mutate({ id: endpoint.id })}
            aria-label={`Send a test event to ${endpoint.url}`}
            data-testid="webhook-send-test"
          >
            Send test
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray.8" aria-label={`More actions for ${endpoint.url}`}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => setSelectedId(endpoint.id)}>Show deliveries</Menu.Item>
              <Menu.Item onClick={() => setEditing({ id: endpoint.id, url: endpoint.url, description: endpoint.description, events: endpoint.events as WebhookEventType[] })}>Edit events and description</Menu.Item>
              <Menu.Item onClick={() => update.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}>{endpoint.enabled ? 'Disable' : 'Enable'}</Menu.Item>
              <Menu.Item onClick={() => setRotating({ id: endpoint.id, url: endpoint.url })}>Rotate secret</Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red.9" onClick={() => setDeleting({ id: endpoint.id, url: endpoint.url })}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      ),
    },
  ];

  const selected = endpoints.data?.find((endpoint) => endpoint.id === selectedId) ?? endpoints.data?.[0] ?? null;
  return (
    <Stack gap="lg">
      <SectionCard
        id="webhook-endpoints"
        title="Endpoints"
        description={
          <>
            Each request carries webhook-id, webhook-timestamp and webhook-signature headers (the Standard Webhooks specification): verify them with your endpoint's secret before trusting the body.
          </>
        }
        aside={
          <Button size="xs" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)} data-testid="webhook-add">
            Add endpoint
          </Button>
        }
      >
        <QueryView
          query={endpoints}
          loading={<RowsSkeleton label="Loading webhook endpoints" />}
          errorTitle="Webhook endpoints could not be loaded"
          isEmpty={(data) => data.length === 0}
          empty={
            <Text size="sm" c="dimmed">
              No endpoint yet. Add one to receive events.
            </Text>
          }
        >
          {(data) => <DataTable rows={data} columns={columns} rowKey={(endpoint) => endpoint.id} label="Webhook endpoints" minWidth={760} verticalSpacing="sm" testId="webhook-endpoints" />}
        </QueryView>
      </SectionCard>
      {selected ? <DeliveriesSection key={selected.id} endpointId={selected.id} url={selected.url} /> : null}

      <CreateEndpointModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(value) => {
          setCreating(false);
          setSecret({ value, rotated: false });
          void refresh();
        }}
      />
      <SecretModal secret={secret?.value ?? null} rotated={secret?.rotated ?? false} onClose={() => setSecret(null)} />
      {editing ? (
        <EditEndpointModal
          endpoint={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
      <ConfirmModal
        opened={rotating !== null}
        onClose={() => setRotating(null)}
        title="Rotate the signing secret?"
        error={rotate.error?.message}
        pending={rotate.isPending}
        confirmLabel="Rotate secret"
        onConfirm={() => rotating && rotate.mutate({ id: rotating.id })}
      >
        <Text size="sm">A new secret is shown once. For 24 hours deliveries to {rotating?.url} are signed with both, so you can update your receiver without missing one.</Text>
      </ConfirmModal>
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this endpoint?"
        error={remove.error?.message}
        pending={remove.isPending}
        confirmLabel="Delete endpoint"
        confirmColor="red.9"
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        testIds={{ confirm: 'webhook-delete-confirm' }}
      >
        <Text size="sm">Nothing more is sent to {deleting?.url}, and its delivery history is deleted. This cannot be undone.</Text>
      </ConfirmModal>
    </Stack>
  );
}
