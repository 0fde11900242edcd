import { describe, expect, it } from 'vitest';
import { provisioningSearch } from './provisioning-search';

describe('provisioningSearch', () => {
  it('keeps a well-formed cluster or order id, the cluster first', () => {
    expect(provisioningSearch({ clusterId: 'clu_abc-12' })).toEqual({ clusterId: 'clu_abc-12' });
    expect(provisioningSearch({ orderId: ' ord_9 ' })).toEqual({ orderId: 'ord_9' });
    expect(provisioningSearch({ clusterId: 'clu_1', orderId: 'ord_1' })).toEqual({ clusterId: 'clu_1' });
  });

  it('drops what is not an id', () => {
    expect(provisioningSearch({})).toEqual({});
    expect(provisioningSearch({ clusterId: 42 })).toEqual({});
    expect(provisioningSearch({ clusterId: '../admin' })).toEqual({});
    expect(provisioningSearch({ clusterId: 'x'.repeat(65) })).toEqual({});
    expect(provisioningSearch({ clusterId: '', orderId: 'ord_2' })).toEqual({ orderId: 'ord_2' });
  });
});
