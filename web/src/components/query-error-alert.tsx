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

/** A failed query: what went wrong and a way to try again (nothing while the query has not failed). */
export function QueryErrorAlert(props: QueryErrorAlertProps) {
  const { title, testId } = props;
  const { error, retrying, onRetry } =
    'query' in props ? { error: props.query.error, retrying: props.query.isFetching, onRetry: () => void props.query.refetch() } : props;
  if (!error) return null;
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
