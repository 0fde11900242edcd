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
  type ClusterOperatorPort,
  type RealtimeMessage,
  type RealtimePort,
  type SessionCookiePort,
  type SessionUser,
} from './context';
export { consoleUserSchema } from './platform/contracts';
export { validateSessionToken, validateSessionTokenCached, sessionCookieExpiry, SESSION_CACHE_TTL_MS, SESSION_POLICY } from './platform/sessions';
export { endExpiredSessions, type SessionSweep } from './platform/sessions';
export { RateLimitedError, addressKey } from './platform/rate-limit';
export { outboxMailer, httpMailer, type Mailer } from './platform/mailer';
export {
  sandboxPayments,
  stripePayments,
  isStripeSecretKey,
  isStripeWebhookSecret,
  stripePublishableKeyProblem,
  SANDBOX_TEST_CARDS,
  STRIPE_API_VERSION,
  PAYMENTS_UNAVAILABLE_MESSAGE,
  PaymentNotFoundError,
  PaymentUnavailableError,
  WebhookSignatureError,
  type CardDetails,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentsPort,
  type SandboxTestCard,
} from './platform/payments';
export { totpCode } from './platform/totp';
export { PASSWORD_PARAMS, TEST_PASSWORD_COST, type PasswordCost } from './platform/passwords';
export {
  ecbRatesSource,
  parseEcbRatesXml,
  refreshExchangeRates,
  ECB_DAILY_RATES_URL,
  type RatesRefreshResult,
  type RatesSnapshot,
  type RatesSource,
} from './modules/currency/service';
export { notify, notifyOrganization } from './platform/notify';
export { publicErrorMessage } from './errors';
export type { PublicClusterTier } from './modules/catalog/service';
export { memoryIsolateCache, noIsolateCache, type IsolateCache } from './platform/isolate-cache';
export { authenticateBearer, type BearerResult } from './modules/tokens/service';
export type { Meta, RestMeta, HttpMethod } from './trpc';
export type { Credential } from './context';
export { restRoutes, openApiDocument, inputProperties, coerceQueryValue, type RestRoute } from './rest';
export { handlePaymentWebhook, type WebhookAnswer } from './modules/orders/webhooks';
export { logError, describeError, redact } from './platform/log';
export { audit } from './platform/audit';
export { purgeExpired, type PurgeResult } from './platform/purge';
export { sealStoredTotpSecrets } from './platform/totp-secrets';
export { loadPriceBook, loadOrderCatalogue, loadCurrentPrices, type OrderCatalogue, type CurrentPrices } from './modules/catalog/price-book';
export { createQuote, organizationHasPurchased, PURCHASED_ORDER_STATUSES } from './modules/quotes/service';
export { quoteInputSchema, quoteSchema, orderLineSchema, type QuoteInput } from './modules/quotes/schemas';
export { gardenerProvisioner, simulatorProvisioner, syncCloudProfile, type ProvisionerPort } from './platform/provisioner';
export { advanceOperation, stalledOperations, type AdvanceResult } from './modules/clusters/engine';
export type { ClusterProgress, OperationView } from './modules/clusters/progress';
export { applyHibernationSchedules, HIBERNATION_CATCH_UP_MS, type HibernationRun } from './modules/clusters/hibernation';
export { startPendingAfter, startPendingInstances, takeScheduledBackups } from './modules/middlewares/lifecycle';
export { meterHour, meterUpTo, type MeteringDeps, type MeteringResult } from './modules/usage/metering';
export { generateInvoices, type GenerationRun } from './modules/invoices/monthly-run';
export { embeddedVatValidation, viesVatValidation, type VatValidationPort } from './platform/vat';
export { runDunning, type DunningRun, type InvoiceDeps } from './modules/invoices/dunning';
export { r2Files, memoryFiles, type FilesPort, type R2BucketLike } from './platform/files';
export { cloudsPortFromConfig, cloudTimeoutFromConfig, CloudConfigError, type CloudsPort } from './platform/clouds';
export { refreshAllConnections } from './modules/provider-connections/service';
export { answerKubeRequest, gatewayCertificate, gatewaySecretMatches, GATEWAY_SECRET_MIN_LENGTH, type KubeSimDeps } from './modules/kube-sim/service';
export type { KubeAnswer } from './modules/kube-sim/kubernetes';
