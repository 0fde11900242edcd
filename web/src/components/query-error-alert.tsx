import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

interface QueryErrorAlertProps {
  title: string;
  error: { message: string };
  retrying: boolean;
  onRetry: () => void;
  testId?: string;
}

/** A failed query: what went wrong and a way to try again. */
export function QueryErrorAlert({ title, error, retrying, onRetry, testId }: QueryErrorAlertProps) {
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
