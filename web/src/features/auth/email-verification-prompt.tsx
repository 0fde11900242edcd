import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { readItem, sessionStore, writeItem } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from './use-current-user';

/** SPEC.md section 8, word for word. */
export const RESEND_TEXT = {
  failureTitle: 'Error',
  failureMessage: 'Failed to resend verification email. Please try again.',
  successTitle: 'Verification Email Sent',
  successMessage: 'Please check your email for the verification link.',
  inlineSuccess: 'New verification email sent successfully!',
  dismiss: 'Continue Without Verification (Not Recommended)',
} as const;

/**
 * Pages where the prompt would be in the way: the pages of emailed links (verification, password
 * reset, sign-in link), and the development mailbox the links are read from.
 */
const PROMPT_FREE_PATHS = ['/verify-email', '/verify-registration-email', '/reset-password', '/magic-link', '/dev/mailbox'];

type ResendState = 'idle' | 'sending' | 'sent';

/** Dismissal is remembered per user for this browser session. */
function isDismissed(userId: string): boolean {
  return readItem(sessionStore(), STORAGE_KEYS.emailVerificationDismissed) === userId;
}

/**
 * SPEC.md section 4: a blocking prompt for signed-in users whose email is not verified. Escape and
 * outside clicks do not close it, and the page behind is blurred and inert until it is dismissed.
 */
export function EmailVerificationPrompt() {
  const trpc = useTRPC();
  const { data: user } = useCurrentUser();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [resendState, setResendState] = useState<ResendState>('idle');

  const opened =
    !!user &&
    !user.emailVerified &&
    dismissedFor !== user.id &&
    !isDismissed(user.id) &&
    !PROMPT_FREE_PATHS.includes(pathname);

  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onMutate: () => setResendState('sending'),
      onSuccess() {
        setResendState('sent');
        notifications.show({ title: RESEND_TEXT.successTitle, message: RESEND_TEXT.successMessage, color: 'green' });
      },
      onError(error) {
        console.error('Resending the verification email failed', error);
        setResendState('idle');
        notifications.show({ title: RESEND_TEXT.failureTitle, message: RESEND_TEXT.failureMessage, color: 'red' });
      },
    }),
  );

  useEffect(() => {
    if (!opened) return;
    // The modal lives in a portal outside #root: everything else is taken out of focus and input.
    const root = document.getElementById('root');
    if (!root) return;
    root.inert = true;
    return () => {
      root.inert = false;
    };
  }, [opened]);

  if (!user) return null;

  const dismiss = () => {
    writeItem(sessionStore(), STORAGE_KEYS.emailVerificationDismissed, user.id);
    setDismissedFor(user.id);
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      overlayProps={{ blur: 6, backgroundOpacity: 0.45 }}
      centered
      size="md"
      aria-labelledby="email-verification-title"
      data-testid="email-verification-prompt"
    >
      <Stack gap="md" align="center" ta="center" py="sm">
        <ThemeIcon size={56} radius="xl" variant="light" color="yellow">
          <IconMailExclamation size={30} stroke={1.6} />
        </ThemeIcon>
        <Text fw={700} size="lg" id="email-verification-title">
          Verify your email address
        </Text>
        <Text size="sm" c="dimmed">
          We sent a verification link to <strong>{user.email}</strong>. Open it to confirm your address: we use it
          for order confirmations, invoices and security alerts about your clusters.
        </Text>
        {resendState === 'sent' ? (
          <Text size="sm" c="teal" fw={500} role="status" data-testid="resend-success">
            {RESEND_TEXT.inlineSuccess}
          </Text>
        ) : null}
        <Stack gap="xs" w="100%">
          <Button
            fullWidth
            loading={resendState === 'sending'}
            disabled={resendState === 'sent'}
            onClick={() => resend.mutate({ email: user.email })}
            data-testid="resend-verification"
          >
            {resendState === 'sent' ? 'Verification email sent' : 'Resend verification email'}
          </Button>
          <Button
            fullWidth
            variant="subtle"
            color="gray"
            h="auto"
            py={8}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.35 } }}
            onClick={dismiss}
            data-testid="dismiss-verification"
          >
            {RESEND_TEXT.dismiss}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
