import { describe, expect, it } from 'vitest';
import { DEFAULT_KUBECONFIG_SECONDS, kubeconfigFileName, KUBECONFIG_EXPIRY_OPTIONS } from './kubeconfig';

describe('kubeconfigFileName', () => {
  it('names the file after the cluster', () => {
    expect(kubeconfigFileName('webshop-prod')).toBe('webshop-prod-kubeconfig.yaml');
    expect(kubeconfigFileName('staging')).toBe('staging-kubeconfig.yaml');
  });

  it('replaces what a file system may refuse and never leaves the name empty', () => {
    expect(kubeconfigFileName('../etc/passwd')).toBe('etc-passwd-kubeconfig.yaml');
    expect(kubeconfigFileName(' my cluster ')).toBe('my-cluster-kubeconfig.yaml');
    expect(kubeconfigFileName('///')).toBe('cluster-kubeconfig.yaml');
  });
});

describe('KUBECONFIG_EXPIRY_OPTIONS', () => {
  it('runs from 1 hour to 1 year, the bounds the server takes, with 7 days among them as the default', () => {
    const seconds = KUBECONFIG_EXPIRY_OPTIONS.map((option) => option.seconds);
    expect(seconds[0]).toBe(3_600);
    expect(seconds.at(-1)).toBe(31_536_000);
    expect(seconds).toEqual([...seconds].sort((a, b) => a - b));
    expect(DEFAULT_KUBECONFIG_SECONDS).toBe(604_800);
    expect(seconds).toContain(DEFAULT_KUBECONFIG_SECONDS);
  });
});
