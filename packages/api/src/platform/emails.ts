import type { LeadKind } from '@kubemarket/db';
import { PRODUCT_NAME } from '@kubemarket/shared';
import type { MailMessage } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function linkMail(to: string, subject: string, intro: string, action: string, url: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n\n— ${PRODUCT_NAME}`,
    html:
      `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      `<p style="color:#666">${escapeHtml(outro)}</p><p>— ${PRODUCT_NAME}</p>`,
  };
}

/** Plain paragraphs (line breaks kept), escaped, signed by the product. */
export function plainMail(to: string, subject: string, paragraphs: string[]): MailMessage {
  return {
    to,
    subject,
    text: `${paragraphs.join('\n\n')}\n\n— ${PRODUCT_NAME}`,
    html: `${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`).join('')}<p>— ${PRODUCT_NAME}</p>`,
  };
}

/** What each public form asked for, and what happens next. */
const LEAD_REPLIES: Record<LeadKind, { subject: string; next: string }> = {
  contact_sales: { subject: 'We received your message to our sales team', next: 'A member of our sales team will contact you within one business day.' },
  schedule_demo: { subject: 'We received your demo request', next: 'A solutions engineer will contact you within one business day to agree on a date for your demo.' },
  custom_quote: { subject: 'We received your quote request', next: 'Our team will prepare a quote for your requirements and send it to you within two business days.' },
  workload_migration: { subject: 'We received your migration request', next: 'A migration specialist will contact you within two business days to plan an assessment of your workloads.' },
  contact: { subject: 'We received your message', next: 'We answer every message within one business day.' },
};

export const emails = {
  verifyEmail: (to: string, name: string, url: string) =>
    linkMail(to, `Verify your ${PRODUCT_NAME} email address`, `Hello ${name}, please confirm that this is your email address.`, 'Verify my email address', url, 'The link expires in 24 hours. If you did not create an account, ignore this email.'),
  changeEmail: (to: string, name: string, url: string) =>
    linkMail(to, `Confirm your new ${PRODUCT_NAME} email address`, `Hello ${name}, confirm this address to make it the email of your account.`, 'Confirm my new email address', url, 'The link expires in 24 hours. Until you confirm, your account keeps its current address.'),
  resetPassword: (to: string, name: string, url: string) =>
    linkMail(to, `Reset your ${PRODUCT_NAME} password`, `Hello ${name}, someone asked to reset the password of your account.`, 'Choose a new password', url, 'The link expires in 1 hour and works once. If it was not you, ignore this email; your password stays the same.'),
  // The acknowledgement does not repeat what the form contained: a public form must not let
  // anyone send their own text to an address of their choosing.
  leadReceived: (to: string, kind: LeadKind, reference: string) =>
    plainMail(to, `${LEAD_REPLIES[kind].subject} — ${PRODUCT_NAME}`, [
      `Hello, thank you for contacting ${PRODUCT_NAME}.`,
      LEAD_REPLIES[kind].next,
      `Your reference: ${reference}. If you did not send this request, you can ignore this email.`,
    ]),
  newsletterConfirm: (to: string, url: string) =>
    linkMail(to, `Confirm your ${PRODUCT_NAME} newsletter subscription`, 'Hello, please confirm that you want to receive the newsletter at this address.', 'Confirm my subscription', url, 'The link expires in 48 hours. If you did not subscribe, ignore this email and you will receive nothing.'),
  newsletterWelcome: (to: string, unsubscribeUrl: string) =>
    linkMail(to, `You are subscribed to the ${PRODUCT_NAME} newsletter`, 'Your subscription is confirmed. You will receive product news, new regions and tutorials, about once a month.', 'Unsubscribe', unsubscribeUrl, 'Keep this email: the link above unsubscribes you at any time.'),
  /** To the owner of an address someone tried to register again (the form answered as usual). */
  registrationAttempt: (to: string, name: string, signInUrl: string) =>
    linkMail(to, `Someone tried to create a ${PRODUCT_NAME} account with your email`, `Hello ${name}, someone just tried to register a new ${PRODUCT_NAME} account with this email address, which already belongs to your account. No second account can use it.`, 'Sign in to your account', signInUrl, 'If it was you, sign in instead (or reset your password from the sign-in page). If it was not, you need not do anything.'),
  emailChanged: (to: string, name: string, newEmail: string) =>
    plainMail(to, `Your ${PRODUCT_NAME} email address was changed`, [
      `Hello ${name}, the email address of your ${PRODUCT_NAME} account was changed to ${newEmail}. This address no longer receives mail about your account.`,
      'If you did not make this change, contact support at once: someone else may control your account.',
    ]),
  mfaLocked: (to: string, name: string, minutes: number) =>
    plainMail(to, `Two-step verification on your ${PRODUCT_NAME} account is locked`, [
      `Hello ${name}, we received 10 wrong two-step verification codes for your account in the last 24 hours, so we have locked the two-step verification step for ${minutes} minutes.`,
      'Someone who knows your password may be trying to sign in. If it was not you, change your password now and review your sessions in Settings.',
    ]),
  magicLink: (to: string, name: string, url: string) =>
    linkMail(to, `Your ${PRODUCT_NAME} sign-in link`, `Hello ${name}, here is your sign-in link.`, `Sign in to ${PRODUCT_NAME}`, url, 'The link expires in 15 minutes and works once. If you did not ask for it, ignore this email.'),
};
