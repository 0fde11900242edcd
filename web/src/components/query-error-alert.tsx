import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A query as the alert reads it: a TanStack Query result, or the catalogue's combined query. */
interface RetryableQuery {
  error: { message: string } | null;
  isFetching: boolean;
  refetch: () => unknown;
}

type QueryErrorAlertProps = { title: string; testId?: string } & (
  | {
      /** The failed query: its error, said busy while it is fetched again, and Try again fetches it again. */
      query: RetryableQuery;
    }
  | { error: { message: string }; retrying: boolean; onRetry: () => void }
);

/**
 * A failed query: what went wrong and a way to try again (nothing while the query has not failed).
 * A query's `isFetching` is read only once it has failed: TanStack Query re-renders a component
 * for each property of the result it has read, and the page that owns the query (all of /usage)
 * would otherwise render again as every background refresh starts and ends (ADR 53).
 */
export function QueryErrorAlert(props: QueryErrorAlertProps) {
  const { title, testId } = props;
  const failed = 'query' in props ? props.query.error : props.error;
  if (!failed) return null;
  const { error, retrying, onRetry } =
    'query' in props ? { error: failed, retrying: props.query.isFetching, onRetry: () => void props.query.refetch() } : props;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={title} data-testid={testId}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{error.message}</Text>
        <Button size="xs" variant="white" color="red" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
