import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { readItem, sessionStore, writeItem } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useCurrentUser } from './use-current-user';

export { RESEND_TEXT } from './email-verification-text';

/**
 * Pages where the prompt would be in the way: the pages of emailed links (verification, password
 * reset, sign-in link), and the development mailbox the links are read from.
 */
const PROMPT_FREE_PATHS = ['/verify-email', '/verify-registration-email', '/reset-password', '/magic-link', '/dev/mailbox'];

// The dialog (modal, overlay, resend call) loads only for someone who has to see it.
const EmailVerificationDialog = lazy(() => import('./email-verification-dialog').then((module) => ({ default: module.EmailVerificationDialog })));

/** Dismissal is remembered per user for this browser session. */
function isDismissed(userId: string): boolean {
  return readItem(sessionStore(), STORAGE_KEYS.emailVerificationDismissed) === userId;
}

/**
 * docs/product/states.md#email-verification-prompt: a blocking prompt for signed-in users whose email is not verified. Escape and
 * outside clicks do not close it, and the page behind is blurred and inert until it is dismissed.
 */
export function EmailVerificationPrompt() {
  const { data: user } = useCurrentUser();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);

  const opened =
    !!user &&
    !user.emailVerified &&
    dismissedFor !== user.id &&
    !isDismissed(user.id) &&
    !PROMPT_FREE_PATHS.includes(pathname);

  if (!user || !opened) return null;

  const dismiss = () => {
    writeItem(sessionStore(), STORAGE_KEYS.emailVerificationDismissed, user.id);
    setDismissedFor(user.id);
  };

  return (
    <Suspense fallback={null}>
      <EmailVerificationDialog user={user} onDismiss={dismiss} />
    </Suspense>
  );
}
