import { Alert } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { httpStatusOf } from '../lib/api-errors';

interface DevOnlyAlertProps {
  /** The failure of what only development servers serve (demo accounts, the mailbox). */
  error: { message: string };
  /** Said when the server answers 404, i.e. it is not a development server. */
  notHere: string;
  /** The title of any other failure, whose message follows. */
  failedTitle: string;
  testId: string;
}

/**
 * A development-only page's failure: on a server that is not a development one (404) a calm note
 * that it is not offered here; any other failure in red with its message.
 */
export function DevOnlyAlert({ error, notHere, failedTitle, testId }: DevOnlyAlertProps) {
  const unavailable = httpStatusOf(error) === 404;
  return (
    <Alert
      color={unavailable ? 'gray' : 'red'}
      variant="light"
      icon={unavailable ? <IconInfoCircle size={18} /> : <IconAlertCircle size={18} />}
      title={unavailable ? 'Not available on this server' : failedTitle}
      data-testid={testId}
    >
      {unavailable ? notHere : error.message}
    </Alert>
  );
}
