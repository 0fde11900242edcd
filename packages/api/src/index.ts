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
export { RateLimitedError, addressKey, type RateLimitState } from './platform/rate-limit';
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
} from './modules/currency';
export type { RatesSource } from './platform/rates';
export { notify, notifyOrganization } from './platform/notify';
export { publicErrorMessage, validationFieldsOf } from './errors';
export type { PublicClusterTier } from './modules/catalog';
export { memoryIsolateCache, noIsolateCache, type IsolateCache } from './platform/isolate-cache';
export { authenticateBearer, TOKEN_RATE_LIMIT, type BearerResult } from './modules/tokens';
export type { Meta, RestMeta, HttpMethod } from './trpc';
export type { Credential } from './context';
export { restRoutes, callRoute, inputProperties, coerceQueryValue, pageLinks, type RestRoute } from './rest';
export { openApiDocument } from './openapi';
export { handlePaymentWebhook, type WebhookAnswer } from './modules/orders';
export { logError, describeError, redact } from './platform/log';
export { audit } from './platform/audit';
export { purgeExpired, type PurgeResult } from './platform/purge';
export { sealStoredTotpSecrets } from './platform/totp-secrets';
export { loadPriceBook, loadOrderCatalogue, loadCurrentPrices, type OrderCatalogue, type CurrentPrices } from './modules/catalog';
export { createQuote, organizationHasPurchased, PURCHASED_ORDER_STATUSES } from './modules/quotes';
export { quoteInputSchema, quoteSchema, orderLineSchema, type QuoteInput } from './modules/quotes';
export { gardenerProvisioner, simulatorProvisioner, syncCloudProfile, type ProvisionerPort } from './platform/provisioner';
export { advanceOperation, stalledOperations, type AdvanceResult } from './modules/clusters';
export type { ClusterProgress, OperationView } from './platform/realtime-messages';
export { applyHibernationSchedules, emitExpiringKubeconfigs, HIBERNATION_CATCH_UP_MS, type HibernationRun } from './modules/clusters';
export { startPendingAfter, startPendingInstances, takeScheduledBackups } from './modules/middlewares';
export { meterHour, meterUpTo, type MeteringDeps, type MeteringResult } from './modules/usage';
export { evaluateBudgets, type BudgetRun } from './modules/budgets';
export { generateInvoices, type GenerationRun } from './modules/invoices';
export { embeddedVatValidation, viesVatValidation, type VatValidationPort } from './platform/vat';
export { runDunning, type DunningRun, type InvoiceDeps } from './modules/invoices';
export { r2Files, memoryFiles, type FilesPort, type R2BucketLike } from './platform/files';
export { cloudsPortFromConfig, cloudTimeoutFromConfig, CloudConfigError, type CloudsPort } from './platform/clouds';
export { refreshAllConnections } from './modules/provider-connections';
export { answerKubeRequest, gatewayCertificate, gatewaySecretMatches, GATEWAY_SECRET_MIN_LENGTH, type KubeSimDeps, type KubeAnswer } from './modules/kube-sim';
export { deliverDueWebhooks, lateWebhookOrganizations, type DeliveryDeps } from './modules/webhooks';
export { emitEvent, webhookEventStatement, type WebhookEvent } from './platform/webhook-events';
export { idleWebhooks, checkWebhookUrl, webhookHeaders, signWebhook, WEBHOOK_RETRY_DELAYS_MS, type WebhooksPort, type ResolveHost } from './platform/webhooks';
