import { describe, expect, it } from 'vitest';
import { consoleLayoutOf } from './console-layout';

describe('consoleLayoutOf', () => {
  it('gives public pages no console layout', () => {
    expect(consoleLayoutOf(['__root__', '/'])).toBeNull();
    expect(consoleLayoutOf(['__root__', '/auth'])).toBeNull();
  });

  it('gives pages under the dashboard route the dashboard layout', () => {
    expect(consoleLayoutOf(['__root__', '/_authenticated', '/_authenticated/_dashboard', '/_authenticated/_dashboard/dashboard'])).toBe('dashboard');
    expect(
      consoleLayoutOf(['__root__', '/_authenticated', '/_authenticated/_dashboard', '/_authenticated/_dashboard/orders/support/$id']),
    ).toBe('dashboard');
  });

  it('gives pages under the configuration and plain routes their own layouts', () => {
    expect(
      consoleLayoutOf(['__root__', '/_authenticated', '/_authenticated/_configuration', '/_authenticated/_configuration/configure-cluster']),
    ).toBe('configuration');
    expect(consoleLayoutOf(['__root__', '/_authenticated', '/_authenticated/_plain', '/_authenticated/_plain/order-status/$id'])).toBe(
      'plain',
    );
  });

  it('does not mistake a page whose name starts like a layout for that layout', () => {
    expect(consoleLayoutOf(['__root__', '/_authenticated', '/_authenticated/_dashboard', '/_authenticated/_dashboard/_plainly'])).toBe(
      'dashboard',
    );
    expect(consoleLayoutOf(['__root__', '/_authenticated', '/_authenticated/_plainly'])).toBeNull();
  });
});
