import { PRODUCT_NAME } from '@kubemarket/shared';
import { plainMail } from '../../platform/emails';

/** What staff decisions tell the person concerned by mail (the notification says the same in short). */
export const staffMails = {
  registrationApproved: (to: string, name: string, organization: string, consoleUrl: string) =>
    plainMail(to, `${organization} is approved on ${PRODUCT_NAME}`, [
      `Hello ${name}, our team has approved ${organization}. You can now order clusters, add-ons, middlewares and support plans.`,
      `Open the console: ${consoleUrl}`,
    ]),
  registrationRejected: (to: string, name: string, organization: string, reason: string) =>
    plainMail(to, `Your ${PRODUCT_NAME} registration for ${organization}`, [
      `Hello ${name}, our team reviewed the registration of ${organization} and could not approve it, so it cannot order.`,
      `The reason given: ${reason}`,
      'If you think this is a mistake, reply to this email or contact our support team with your billing id.',
    ]),
  accountDisabled: (to: string, name: string, reason: string) =>
    plainMail(to, `Your ${PRODUCT_NAME} account has been disabled`, [
      `Hello ${name}, a member of our staff has disabled your account: you are signed out everywhere and cannot sign in until it is enabled again.`,
      `The reason given: ${reason}`,
      'If you think this is a mistake, contact our support team.',
    ]),
  accountEnabled: (to: string, name: string, signInUrl: string) =>
    plainMail(to, `Your ${PRODUCT_NAME} account is enabled again`, [`Hello ${name}, your account has been enabled again. You can sign in: ${signInUrl}`]),
  mfaReset: (to: string, name: string, reason: string, staff: boolean) =>
    plainMail(to, `Two-step verification was reset on your ${PRODUCT_NAME} account`, [
      `Hello ${name}, a member of our staff has turned off two-step verification on your account and signed you out everywhere. Your recovery codes no longer work.`,
      `The reason given: ${reason}`,
      staff
        ? 'Your account is a staff account: at your next sign-in you will set up an authenticator app again before you get in.'
        : 'Turn it on again in Settings → Security after you sign in. If you did not ask for this, change your password and contact support at once.',
    ]),
  memberMoved: (to: string, name: string, organization: string, role: string) =>
    plainMail(to, `You now belong to ${organization} on ${PRODUCT_NAME}`, [
      `Hello ${name}, a member of our staff has moved your account to ${organization}, with the ${role} role. Sign in again to continue.`,
    ]),
  memberRemoved: (to: string, name: string, organization: string) =>
    plainMail(to, `You were removed from ${organization} on ${PRODUCT_NAME}`, [
      `Hello ${name}, a member of our staff has removed your account from ${organization}. Your account now has an organisation of its own, which our team must approve before it can order.`,
      'If you think this is a mistake, contact our support team or the owner of your former organisation.',
    ]),
  roleGranted: (to: string, name: string, role: string) =>
    plainMail(to, `Your ${PRODUCT_NAME} account has a new role: ${role}`, [
      `Hello ${name}, your account now has the ${role} role. You were signed out everywhere: sign in again, and set up two-step verification if it is not on yet.`,
    ]),
};
