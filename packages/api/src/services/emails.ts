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

export const emails = {
  verifyEmail: (to: string, name: string, url: string) =>
    linkMail(to, `Verify your ${PRODUCT_NAME} email address`, `Hello ${name}, please confirm that this is your email address.`, 'Verify my email address', url, 'The link expires in 24 hours. If you did not create an account, ignore this email.'),
  changeEmail: (to: string, name: string, url: string) =>
    linkMail(to, `Confirm your new ${PRODUCT_NAME} email address`, `Hello ${name}, confirm this address to make it the email of your account.`, 'Confirm my new email address', url, 'The link expires in 24 hours. Until you confirm, your account keeps its current address.'),
  resetPassword: (to: string, name: string, url: string) =>
    linkMail(to, `Reset your ${PRODUCT_NAME} password`, `Hello ${name}, someone asked to reset the password of your account.`, 'Choose a new password', url, 'The link expires in 1 hour and works once. If it was not you, ignore this email; your password stays the same.'),
  magicLink: (to: string, name: string, url: string) =>
    linkMail(to, `Your ${PRODUCT_NAME} sign-in link`, `Hello ${name}, here is your sign-in link.`, `Sign in to ${PRODUCT_NAME}`, url, 'The link expires in 15 minutes and works once. If you did not ask for it, ignore this email.'),
};
