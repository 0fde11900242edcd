export { appRouter, createCaller, type AppRouter } from './root';
export {
  createContext,
  systemClock,
  type AppConfig,
  type Context,
  type CreateContextOptions,
  type Environment,
  type Ports,
  type CurrentSession,
  type RealtimeMessage,
  type RealtimePort,
  type SessionCookiePort,
  type SessionUser,
} from './context';
export { validateSessionToken, sessionCookieExpiry, SESSION_POLICY } from './services/sessions';
export { RateLimitedError } from './services/rate-limit';
export { outboxMailer, httpMailer, type Mailer } from './services/mailer';
export { totpCode } from './services/totp';
export {
  ecbRatesSource,
  parseEcbRatesXml,
  refreshExchangeRates,
  ECB_DAILY_RATES_URL,
  type RatesRefreshResult,
  type RatesSnapshot,
  type RatesSource,
} from './services/exchange-rates';
export { notify, notifyOrganization } from './services/notify';
export { publicErrorMessage } from './errors';
export type { PublicClusterTier } from './routers/catalog';
