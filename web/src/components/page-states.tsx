import { Alert, Group, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { httpStatusOf } from '../lib/api-errors';
import { QueryErrorAlert } from './query-error-alert';

/** A page's heading over placeholders while what it shows loads. */
export function PageLoading({ title, top, children }: { title: string; /** Above the heading, such as a link back. */ top?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="lg" aria-busy="true">
      {top}
      <Title order={1} data-testid="page-title">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** The failed query of a page's record. */
export interface FailedQuery {
  error: { message: string };
  isFetching: boolean;
  refetch: () => unknown;
}

interface PageLoadErrorProps {
  query: FailedQuery;
  /** The page's heading when the record failed to load for another reason than not existing. */
  title: string;
  notFoundTitle: string;
  /** Why a record that does not exist (404) is not there; the error's message is given. */
  notFound: (message: string) => ReactNode;
  notFoundTestId: string;
  errorTitle: string;
  /** The way back, under the message. */
  back: ReactNode;
  top?: ReactNode;
}

/** A page whose record could not be loaded: not found, or an error to retry, and the way back. */
export function PageLoadError({ query, title, notFoundTitle, notFound, notFoundTestId, errorTitle, back, top }: PageLoadErrorProps) {
  const missing = httpStatusOf(query.error) === 404;
  return (
    <Stack gap="lg">
      {top}
      <Title order={1} data-testid="page-title">
        {missing ? notFoundTitle : title}
      </Title>
      {missing ? (
        <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid={notFoundTestId}>
          {notFound(query.error.message)}
        </Alert>
      ) : (
        <QueryErrorAlert title={errorTitle} query={query} />
      )}
      <Group>{back}</Group>
    </Stack>
  );
}
