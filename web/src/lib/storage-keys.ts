/** Browser storage keys. The names (docs/product/states.md#sign-in-and-sign-out) are shared with other clients of the same origin: keep them as they are. */
export const STORAGE_KEYS = {
  /** Path, query and hash to return to after signing in (session storage). */
  redirectAfterLogin: 'redirectAfterLogin',
  /** Pending second-factor challenge of a sign-in (session storage). */
  mfaToken: 'mfaToken',
  tempUserId: 'tempUserId',
  authToken: 'authToken',
  refreshToken: 'refreshToken',
  loginTimestamp: 'loginTimestamp',
  /** Set when the email-verification prompt was dismissed for this browser session. */
  emailVerificationDismissed: 'emailVerificationPromptDismissed',
  /** Set when the promotional banner was dismissed for this browser session (session storage). */
  promoBannerDismissed: 'promoBannerDismissed',
} as const;

/** docs/product/states.md#sign-in-and-sign-out: removed from both local and session storage on logout. */
export const LOGOUT_CLEARED_KEYS = [
  STORAGE_KEYS.redirectAfterLogin,
  STORAGE_KEYS.mfaToken,
  STORAGE_KEYS.tempUserId,
  STORAGE_KEYS.authToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.loginTimestamp,
] as const;
