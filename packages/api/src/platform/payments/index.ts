export {
  chargeRequestProblem,
  declineReason,
  DECLINE_REASONS,
  MAX_CHARGE_CENTS,
  MIN_CHARGE_CENTS,
  PAYMENTS_UNAVAILABLE_MESSAGE,
  PaymentNotFoundError,
  PaymentUnavailableError,
  WebhookSignatureError,
  type AuthenticationAction,
  type CardDetails,
  type ChargeOutcome,
  type ChargeRequest,
  type PaymentEvent,
  type PaymentMethodInput,
  type PaymentProvider,
  type PaymentsPort,
} from './port';
export { luhnValid, sandboxCardProblem, sandboxPayments, SANDBOX_TEST_CARDS, type SandboxTestCard } from './sandbox';
export {
  isStripePublishableKey,
  isStripeSecretKey,
  isStripeWebhookSecret,
  STRIPE_API_VERSION,
  stripePayments,
  stripePublishableKeyProblem,
  type StripePaymentsConfig,
} from './stripe';
