/**
 * Accounts (ADR 3, ADR 12, ADR 25), one concern a file (issue 32): sessions and the second factor
 * (sessions.ts), registration (registration.ts), signing in and out (sign-in.ts), and the email
 * links: verification, password reset, magic links, email changes (email-links.ts).
 */
export * from './service-common';
export * from './sessions';
export * from './registration';
export * from './sign-in';
export * from './email-links';
