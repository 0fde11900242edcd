import { PRODUCT_NAME, type BillingCycle } from '@kubemarket/shared';
import { plainMail } from '../../platform/emails';
import { euros } from '@kubemarket/shared';

/* The mail of orders: placed, paid (or invoiced, or free), payment failed. Each goes to a member's own address. */

export interface OrderMailFacts {
  to: string;
  name: string;
  orderId: string;
  summary: string;
  totalCents: number;
  cycle: BillingCycle;
  /** The order's status page. */
  url: string;
}

const per = (cycle: BillingCycle) => (cycle === 'yearly' ? 'per year' : 'per month');

export const orderEmails = {
  placed: (facts: OrderMailFacts) =>
    plainMail(facts.to, `Order placed: ${facts.summary} — ${PRODUCT_NAME}`, [
      `Hello ${facts.name}, we received your order: ${facts.summary}.`,
      `Total: ${euros(facts.totalCents)} ${per(facts.cycle)}, VAT included. The order awaits payment: a member of your organisation who manages billing can pay it from its page.`,
      `Follow the order: ${facts.url}`,
      `Order reference: ${facts.orderId}.`,
    ]),

  settled: (facts: OrderMailFacts & { how: 'paid' | 'invoiced' | 'free'; dueAt: number | null; nextStep: string }) =>
    plainMail(
      facts.to,
      facts.how === 'invoiced' ? `Order confirmed, invoice to follow: ${facts.summary} — ${PRODUCT_NAME}` : `Order confirmed: ${facts.summary} — ${PRODUCT_NAME}`,
      [
        facts.how === 'paid'
          ? `Hello ${facts.name}, we received the payment of ${euros(facts.totalCents)} for your order: ${facts.summary}.`
          : facts.how === 'invoiced'
            ? `Hello ${facts.name}, your order is confirmed: ${facts.summary}. You pay ${euros(facts.totalCents)} by bank transfer against our invoice, due on ${new Date(facts.dueAt ?? 0).toISOString().slice(0, 10)}.`
            : `Hello ${facts.name}, your order is confirmed: ${facts.summary}. There is nothing to pay.`,
        facts.nextStep,
        `Follow the order: ${facts.url}`,
        `Order reference: ${facts.orderId}.`,
      ],
    ),

  paymentFailed: (facts: OrderMailFacts & { reason: string }) =>
    plainMail(facts.to, `Payment failed: ${facts.summary} — ${PRODUCT_NAME}`, [
      `Hello ${facts.name}, the payment of ${euros(facts.totalCents)} for your order "${facts.summary}" did not go through: ${facts.reason}`,
      `Nothing was charged and the order still awaits payment. Try again, or with another card, from the order page: ${facts.url}`,
      `Order reference: ${facts.orderId}.`,
    ]),
};
