import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { orgProcedure, router } from '../../trpc';
import * as payment from './payment';
import {
  completeAuthenticationInputSchema,
  createOrderInputSchema,
  listOrdersInputSchema,
  orderCountsSchema,
  orderDetailSchema,
  orderPageSchema,
  paymentOptionsSchema,
  payOrderInputSchema,
  payResultSchema,
} from './schemas';
import * as orders from './service';

const TAGS: ['Orders'] = ['Orders'];

// Static paths (/counts, /payment-options) are declared before /api/orders/{id}: the REST adapter
// registers routes in this order and the first match answers.
export const ordersRouter = router({
  create: orgProcedure('orders:write')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/orders',
        cli: 'kubemarket clusters create --name <name> --test-card 4242424242424242 --wait',
        summary: 'Place an order: a cluster, add-ons for one of your clusters, middleware plans or a support plan',
        description:
          'Send an Idempotency-Key header (a new UUID per order): repeating the request with the same key and body answers the same order, with another body 409. The lines are those of POST /api/quotes, except that a cluster line also has its name and build settings, and an add-on line names your cluster (clusterId). The server quotes the order at the catalogue prices in effect now and keeps that quote. Orders with nothing to pay are confirmed at once; the others await payment (POST /api/orders/{id}/pay).',
        tags: TAGS,
        successStatus: 201,
      },
    })
    .input(createOrderInputSchema)
    .output(orderDetailSchema)
    .mutation(({ ctx, input }) => orders.createOrder(ctx, input)),

  list: orgProcedure('orders:read')
    .meta({ rest: { method: 'GET', path: '/api/orders', summary: "Your organisation's orders: filtered by kind and status, searched, sorted and paginated", tags: TAGS, cli: 'kubemarket orders list [--status <status>]' } })
    .input(listOrdersInputSchema)
    .output(orderPageSchema)
    .query(({ ctx, input }) => orders.listOrders(ctx, input)),

  counts: orgProcedure('orders:read')
    .meta({ rest: { method: 'GET', path: '/api/orders/counts', summary: "How many orders your organisation has of each kind and in each status", tags: TAGS } })
    .output(orderCountsSchema)
    .query(({ ctx }) => orders.orderCounts(ctx)),

  paymentOptions: orgProcedure('orders:read')
    .meta({
      rest: {
        method: 'GET',
        path: '/api/orders/payment-options',
        summary: 'How your organisation can pay: card (test mode or Stripe), bank transfer when approved',
        tags: TAGS,
      },
    })
    .output(paymentOptionsSchema)
    .query(({ ctx }) => payment.paymentOptions(ctx)),

  get: orgProcedure('orders:read')
    .meta({ rest: { method: 'GET', path: '/api/orders/{id}', summary: 'One order of your organisation: its lines, quote, timeline and payments', tags: TAGS, cli: 'kubemarket orders get <order>' } })
    .input(z.object({ id: idParam('Order') }))
    .output(orderDetailSchema)
    .query(({ ctx, input }) => orders.getOrder(ctx, input.id)),

  pay: orgProcedure('billing:write')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/orders/{id}/pay',
        summary: 'Pay an order awaiting payment, exactly once per payment key',
        description:
          'A declined card answers 200 with result "declined" and the reason; the order keeps awaiting payment. result "requires_action": complete the authentication step, then call POST /api/orders/{id}/authentication. Bank transfer is for organisations our billing team approved. 503 when the payments provider is unavailable: nothing was charged, retry with a new paymentIdempotencyKey.',
        tags: TAGS,
      },
    })
    .input(payOrderInputSchema)
    .output(payResultSchema)
    .mutation(({ ctx, input }) => payment.payOrder(ctx, input)),

  completeAuthentication: orgProcedure('billing:write')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/orders/{id}/authentication',
        summary: "Finish a payment's authentication step (3-D Secure): completed or cancelled",
        tags: TAGS,
      },
    })
    .input(completeAuthenticationInputSchema)
    .output(payResultSchema)
    .mutation(({ ctx, input }) => payment.completeAuthentication(ctx, input)),

  cancel: orgProcedure('orders:write')
    .meta({ rest: { method: 'POST', path: '/api/orders/{id}/cancel', summary: 'Cancel an order before it is paid', tags: TAGS } })
    .input(z.object({ id: idParam('Order') }))
    .output(orderDetailSchema)
    .mutation(({ ctx, input }) => orders.cancelOrder(ctx, input.id)),
});
