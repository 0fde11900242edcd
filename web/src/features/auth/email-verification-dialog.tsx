import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailExclamation } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTRPC } from '../../lib/trpc';
import type { SessionUser } from './auth-types';
import { RESEND_TEXT } from './email-verification-text';
import { Modal } from '../../components/overlays';

type ResendState = 'idle' | 'sending' | 'sent';

/** The blocking prompt itself (see EmailVerificationPrompt for when it shows). */
export function EmailVerificationDialog({ user, onDismiss: dismiss }: { user: SessionUser; onDismiss: () => void }) {
  const trpc = useTRPC();
  const [resendState, setResendState] = useState<ResendState>('idle');

  useEffect(() => {
    // The modal lives in a portal outside #root: everything else is taken out of focus and input
    // while it is shown (and only then: not while its code is still loading).
    const root = document.getElementById('root');
    if (!root) return;
    root.inert = true;
    return () => {
      root.inert = false;
    };
  }, []);

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

  return (
    <Modal
      opened
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
