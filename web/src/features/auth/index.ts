// The auth feature's door: sessions, the sign-in gate, and the sign-in, registration and email-link pages.
export { AuthPage } from './auth-page';
export { AUTH_TABS, type AuthTab } from './auth-tabs';
export { totpCodeSchema } from './auth-schemas';
export { AuthSync } from './auth-sync';
export type { SessionUser } from './auth-types';
export { currentUserQueryOptions } from './current-user-query';
export { DevLoginPage } from './dev-login-page';
export { EmailVerificationPrompt } from './email-verification-prompt';
export { ForgotPasswordPage } from './forgot-password-page';
export { MagicLinkPage } from './magic-link-page';
export { MagicLinkRequestPage } from './magic-link-request-page';
export { DEFAULT_SIGNED_IN_PATH } from './redirect-after-login';
export { ResetPasswordPage } from './reset-password-page';
export { requireSignedInUser, SessionCheckError } from './sign-in-gate';
export { useCurrentUser } from './use-current-user';
export { useLogout } from './use-logout';
export { useSessionUser } from './use-session-user';
export { VerifyEmailPage } from './verify-email-page';
