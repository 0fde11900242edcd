// The auth module's door: sign-in sessions and verification mail, for account, security, staff and dev.
export { clearMfaFailures, loadSessionUser, reservePasswordCheck, startSession, verificationMail } from './service';
