import { describe, expect, it } from 'vitest';
import { ACTIVE_ORDER_REFRESH_MS, orderRefreshInterval, PENDING_ORDER_REFRESH_MS } from './order-queries';

describe('orderRefreshInterval', () => {
  it('reads an order under way again every few seconds, and a settled one never', () => {
    expect(orderRefreshInterval(undefined)).toBe(false);
    expect(orderRefreshInterval({ status: 'provisioning' })).toBe(ACTIVE_ORDER_REFRESH_MS);
    expect(orderRefreshInterval({ status: 'paid' })).toBe(ACTIVE_ORDER_REFRESH_MS);
    expect(orderRefreshInterval({ status: 'pending' })).toBe(PENDING_ORDER_REFRESH_MS);
    for (const status of ['completed', 'cancelled', 'failed'] as const) expect(orderRefreshInterval({ status })).toBe(false);
    expect(ACTIVE_ORDER_REFRESH_MS).toBeLessThanOrEqual(5_000);
  });
});
