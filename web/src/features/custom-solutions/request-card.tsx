import { Blockquote, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailsList } from '../../components/details-list';
import { formatDateTime } from '../../lib/date-format';
import { requestFacts } from './custom-solution-format';
import type { CustomSolutionRequest } from './custom-solution-types';
import { StatusBadge } from './status-badge';

/** The solutions team's answer, as the customer reads it. */
export function StaffResponse({ request }: { request: CustomSolutionRequest }) {
  if (!request.staffResponse) return null;
  return (
    <Blockquote color="teal" p="md" data-testid="custom-solution-response">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Response from our solutions team{request.respondedAt !== null ? `, ${formatDateTime(request.respondedAt)}` : ''}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {request.staffResponse}
        </Text>
      </Stack>
    </Blockquote>
  );
}

/** Who sent it and when, and its reference. */
export function RequestMeta({ request, extra }: { request: CustomSolutionRequest; extra?: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {request.id} · sent {formatDateTime(request.createdAt)}
      {request.requestedBy ? ` by ${request.requestedBy.name}` : ''}
      {extra}
    </Text>
  );
}

/** One request of the organisation: what was asked, its status and the answer. */
export function RequestCard({ request }: { request: CustomSolutionRequest }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`request-${request.id}`} data-testid="custom-solution-request" data-request-id={request.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h5" id={`request-${request.id}`}>
              {request.subject}
            </Title>
            <RequestMeta request={request} />
          </Stack>
          <StatusBadge status={request.status} />
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {request.description}
        </Text>
        <DetailsList details={requestFacts(request)} />
        <StaffResponse request={request} />
      </Stack>
    </Card>
  );
}
