import { describe, expect, it } from 'vitest';
import { payFailure, payOutcome, UNREACHABLE } from './outcome';

describe('payment outcomes', () => {
  it('turns the answer of orders.pay into what the checkout does next', () => {
    expect(payOutcome({ result: 'succeeded', paymentId: 'pay_1', action: null, reason: null })).toEqual({ kind: 'paid' });
    expect(payOutcome({ result: 'invoiced', paymentId: 'pay_1', action: null, reason: null })).toEqual({ kind: 'paid' });
    expect(payOutcome({ result: 'declined', paymentId: 'pay_1', action: null, reason: 'Your card was declined.' })).toEqual({ kind: 'declined', reason: 'Your card was declined.' });
    expect(payOutcome({ result: 'declined', paymentId: 'pay_1', action: null, reason: null })).toEqual({ kind: 'declined', reason: 'Your card was declined.' });
    expect(payOutcome({ result: 'requires_action', paymentId: 'pay_2', action: { kind: 'sandbox_authentication' }, reason: null })).toEqual({ kind: 'authenticate', paymentId: 'pay_2' });
    expect(payOutcome({ result: 'requires_action', paymentId: 'pay_2', action: { kind: 'stripe_client_secret', clientSecret: 'pi_3_secret_x' }, reason: null })).toEqual({
      kind: 'stripe_action',
      paymentId: 'pay_2',
      clientSecret: 'pi_3_secret_x',
    });
    expect(payOutcome({ result: 'requires_action', paymentId: 'pay_2', action: null, reason: null })).toEqual({ kind: 'stripe_action', paymentId: 'pay_2', clientSecret: null });
    expect(payOutcome({ result: 'processing', paymentId: 'pay_3', action: null, reason: null })).toEqual({ kind: 'processing' });
  });

  it('retries the same attempt only when the payment may have reached the server', () => {
    expect(payFailure(null, 'Failed to fetch')).toEqual({ message: UNREACHABLE, advice: null, sameAttempt: true });
    expect(payFailure(500, 'Something went wrong on our side. Please try again.').sameAttempt).toBe(true);
    const unavailable = payFailure(503, 'Payments are unavailable right now; nothing was charged. Try again in a few minutes.');
    expect(unavailable.sameAttempt).toBe(false);
    expect(unavailable.advice).toBe('Nothing was charged. Try again in a few minutes.');
    const pending = payFailure(403, 'Your organisation is waiting for approval by our team, so it cannot order yet.');
    expect(pending).toEqual({ message: 'Your organisation is waiting for approval by our team, so it cannot order yet.', advice: null, sameAttempt: false });
    expect(payFailure(400, 'PARIS applies only to your first purchase. The order was re-priced to €100.00; review it and pay again.').sameAttempt).toBe(false);
    expect(payFailure(429, 'Too many requests.').advice).toMatch(/Wait a while/);
  });
});
