import { describe, expect, it } from 'vitest';
import { clusterEndpoint, clusterNodeName } from './cluster-simulation';

describe('simulator names', () => {
  it('names nodes <cluster>-<pool>-<5 characters>, the same each time, and keeps endpoints valid host names', () => {
    const pool = { id: 'npl_demo_webshop_default', name: 'default' };
    expect(clusterNodeName('webshop-prod', pool, 0)).toMatch(/^webshop-prod-default-[0-9a-z]{5}$/);
    expect(clusterNodeName('webshop-prod', pool, 0)).toBe(clusterNodeName('webshop-prod', pool, 0));
    expect(clusterNodeName('webshop-prod', pool, 1)).not.toBe(clusterNodeName('webshop-prod', pool, 0));
    expect(clusterEndpoint({ id: 'clu_demo_staging', name: 'staging', region: 'fr-par-1' })).toBe('https://staging.ostaging.fr-par-1.k8s.kubemarket.eu:6443');
  });
});
