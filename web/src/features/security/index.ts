export { SessionsSection } from './sessions-section';
export { TwoFactorSection } from './two-factor-section';
