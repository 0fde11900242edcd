import { mailOutbox, newId, type Database } from '@kubemarket/db';
import { logError } from './log';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends without failing the caller: mail is a side effect, and a mail outage must not undo the
 * action that caused it (a stored lead, a subscription). The failure is logged for operators.
 */
export async function sendMailSafely(mailer: Mailer, message: MailMessage): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (error) {
    logError(`Sending mail failed (${message.subject})`, error);
    return false;
  }
}

/**
 * Runs the work that prepares and sends a mail after the response (the Worker's `waitUntil`):
 * a request whose answer must not tell whether an account exists must not wait on mail either.
 */
export function mailInBackground(
  ports: { background(task: Promise<unknown>): void; mailer: Mailer },
  compose: () => Promise<MailMessage | null>,
): void {
  ports.background(
    compose().then(
      (message) => (message ? sendMailSafely(ports.mailer, message) : false),
      (error: unknown) => {
        logError('Preparing mail failed', error);
        return false;
      },
    ),
  );
}

/** Development and tests: mail goes to the outbox table, readable on /dev/mailbox. */
export function outboxMailer(db: Database, clock: { now(): number }): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values({ id: newId('mail'), ...message, createdAt: clock.now() });
    },
  };
}

/**
 * Production: an HTTP mail API taking `{ from, to, subject, text, html }` with a Bearer key
 * (the format of Resend, Postmark's and Scaleway TEM's JSON APIs are close to it).
 */
export function httpMailer(config: { url: string; apiKey: string; from: string }, fetchImpl: typeof fetch = fetch): Mailer {
  return {
    async send(message) {
      const res = await fetchImpl(config.url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${config.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ from: config.from, ...message }),
      });
      // The body may echo the request (addresses, links with tokens): only the status is kept.
      if (!res.ok) throw new Error(`Mail API answered ${res.status}`);
    },
  };
}
