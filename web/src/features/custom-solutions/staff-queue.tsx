import { Accordion, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import {
  CUSTOM_SOLUTION_RESPONSE_MAX,
  CUSTOM_SOLUTION_STATUS_LABELS,
  CUSTOM_SOLUTION_STATUSES,
  customSolutionStaffUpdateInputSchema,
  type CustomSolutionStatus,
} from '@kubemarket/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DetailsList } from '../../components/details-list';
import { ErrorAlert } from '../../components/error-alert';
import { ALL, FilterSelect, ListSearchInput, PagedResults, RowsSkeleton, useListState } from '../../components/list-kit';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSessionUser } from '../auth';
import { requestFacts, requestsRange } from './custom-solution-format';
import type { StaffCustomSolutionRequest } from './custom-solution-types';

import { StatusBadge } from './status-badge';

const PAGE_SIZE = 10;

type StatusFilter = CustomSolutionStatus | typeof ALL;

/** The solutions team's queue: every organisation's requests, to filter, read and answer. */
export function StaffQueue() {
  const trpc = useTRPC();
  const state = useListState<{ status: StatusFilter }>({ status: ALL });
  const { status } = state.filters;
  const queue = useQuery({
    ...trpc.customSolutions.staffList.queryOptions({ status: status === ALL ? undefined : status, q: state.q, page: state.page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  const counts = queue.data?.statusCounts;
  const total = counts ? Object.values(counts).reduce((sum, value) => sum + value, 0) : null;
  const statusOptions = CUSTOM_SOLUTION_STATUSES.map((value) => ({ value, label: counts ? `${CUSTOM_SOLUTION_STATUS_LABELS[value]} (${counts[value]})` : CUSTOM_SOLUTION_STATUS_LABELS[value] }));

  return (
    <Stack gap="md" data-testid="custom-solutions-queue">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FilterSelect
          label="Status"
          allLabel={total === null ? 'All statuses' : `All statuses (${total})`}
          options={statusOptions}
          value={status}
          onChange={(value) => state.setFilter('status', (value as CustomSolutionStatus | null) ?? ALL)}
        />
        <ListSearchInput state={state} placeholder="Subject, organisation, requester or reference" />
      </SimpleGrid>
      <PagedResults
        query={queue}
        loading={<RowsSkeleton label="Loading the requests from customers" heights={[64, 64]} gap="sm" radius="md" />}
        errorTitle="The requests from customers could not be loaded"
        range={(data) => requestsRange(data.total, state.page, data.pageCount)}
        rangeTestId="custom-solutions-queue-count"
        pagerLabel="Pages of requests from customers"
        pages={(data) => data.pageCount}
        page={() => state.page}
        onPage={state.setPage}
        gap="md"
      >
        {(data) =>
          data.items.length > 0 ? (
            <Accordion variant="separated" order={3} chevronPosition="right">
              {data.items.map((request) => (
                <QueueItem key={request.id} request={request} />
              ))}
            </Accordion>
          ) : null
        }
      </PagedResults>
    </Stack>
  );
}

function QueueItem({ request }: { request: StaffCustomSolutionRequest }) {
  return (
    <Accordion.Item value={request.id} data-testid="custom-solutions-queue-item" data-request-id={request.id}>
      <Accordion.Control>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {request.subject}
            </Text>
            <Text size="sm" c="dimmed" fw={400}>
              {request.organization.name} · {request.requestedBy?.name ?? 'former member'} · {formatDateTime(request.createdAt)}
              {request.assignedTo ? ` · handled by ${request.assignedTo.name}` : ''}
            </Text>
          </Stack>
          <StatusBadge status={request.status} />
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {request.description}
          </Text>
          <DetailsList
            details={[
              { label: 'Reference', value: request.id },
              { label: 'Organisation', value: `${request.organization.name} (${request.organization.billingId})` },
              { label: 'Requested by', value: request.requestedBy ? `${request.requestedBy.name} <${request.requestedBy.email}>` : 'A former member' },
              ...requestFacts(request),
            ]}
          />
          {/* New data (after a save or a refetch) starts the form from what is stored. */}
          <AnswerForm key={request.updatedAt} request={request} />
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

const answerSchema = customSolutionStaffUpdateInputSchema.omit({ id: true });

type AnswerValues = {
  status: CustomSolutionStatus;
  response: string;
  assignToMe: boolean;
};

const STATUS_OPTIONS = CUSTOM_SOLUTION_STATUSES.map((value) => ({ value, label: CUSTOM_SOLUTION_STATUS_LABELS[value] }));

/** Status, response and assignment of one request; sends only what changed. */
function AnswerForm({ request }: { request: StaffCustomSolutionRequest }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const mine = request.assignedTo?.id === me.id;
  const initial: AnswerValues = { status: request.status, response: request.staffResponse ?? '', assignToMe: mine };
  const update = useMutation(trpc.customSolutions.staffUpdate.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: answerSchema,
    initialValues: initial,
    submit: (_parsed, values) =>
      update.mutateAsync({
        id: request.id,
        status: values.status !== initial.status ? values.status : undefined,
        response: values.response.trim() !== initial.response ? values.response : undefined,
        assignToMe: values.assignToMe !== initial.assignToMe ? values.assignToMe : undefined,
      }),
    success: (updated) => ({ title: 'Request updated', description: `"${updated.subject}" is ${CUSTOM_SOLUTION_STATUS_LABELS[updated.status].toLowerCase()}.`, variant: 'success' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: trpc.customSolutions.staffList.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.customSolutions.list.queryKey() });
    },
  });
  const idPrefix = `answer-${request.id}`;

  return (
    <form ref={formRef} noValidate aria-label={`Answer to ${request.subject}`} data-testid="custom-solution-answer-form" onSubmit={onSubmit}>
      <Stack gap="sm">
        <ErrorAlert>{error}</ErrorAlert>
        <Textarea
          id={`${idPrefix}-response`}
          label="Response to the customer"
          description="The customer reads it on this page and receives it by email."
          placeholder="e.g. We can offer this in fr-par-1. Our proposal with prices and delivery dates follows by email."
          autosize
          minRows={3}
          maxRows={10}
          maxLength={CUSTOM_SOLUTION_RESPONSE_MAX}
          key={form.key('response')}
          {...form.getInputProps('response')}
        />
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select id={`${idPrefix}-status`} label="Status" data={STATUS_OPTIONS} allowDeselect={false} w={200} key={form.key('status')} {...form.getInputProps('status')} />
          <Checkbox
            id={`${idPrefix}-assign`}
            label={request.assignedTo && !mine ? `Assign to me (now ${request.assignedTo.name})` : 'Assigned to me'}
            mb={8}
            key={form.key('assignToMe')}
            {...form.getInputProps('assignToMe', { type: 'checkbox' })}
          />
          <Button type="submit" loading={submitting} ml="auto">
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
