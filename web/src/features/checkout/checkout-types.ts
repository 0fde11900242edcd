import type { AppRouter } from '@kubemarket/api';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type OrderOutputs = inferRouterOutputs<AppRouter>['orders'];
type OrderInputs = inferRouterInputs<AppRouter>['orders'];

/** The order a checkout pays (GET /api/orders/{id}). */
export type CheckoutOrder = OrderOutputs['get'];
export type PaymentOptions = OrderOutputs['paymentOptions'];
export type PayResult = OrderOutputs['pay'];
export type PayRequest = OrderInputs['pay'];
export type PaymentMethodRequest = PayRequest['method'];
export type CreateOrderRequest = OrderInputs['create'];
export type OrderLineRequest = CreateOrderRequest['lines'][number];
export type BillingRequest = CreateOrderRequest['billing'];
export type CheckoutMethod = PaymentOptions['methods'][number];
