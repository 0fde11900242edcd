import { describe, expect, it } from 'vitest';
import { slideDirection, slideTransitionTypes } from './page-transition';

describe('slideDirection', () => {
  it('slides forward from configuring to provisioning, whichever alias is used', () => {
    expect(slideDirection('/configure-cluster', '/cluster-provisioning')).toBe('forward');
    expect(slideDirection('/clusters/configure', '/clusters/provisioning')).toBe('forward');
    expect(slideDirection('/configure-cluster', '/clusters/provisioning')).toBe('forward');
    expect(slideDirection('/clusters/configure/', '/cluster-provisioning')).toBe('forward');
  });

  it('slides forward from the payment confirmation to provisioning, and back', () => {
    expect(slideDirection('/payment-success', '/cluster-provisioning')).toBe('forward');
    expect(slideDirection('/payment-success/', '/clusters/provisioning')).toBe('forward');
    expect(slideDirection('/cluster-provisioning', '/payment-success')).toBe('backward');
    expect(slideDirection('/payment-success', '/order-status/ord_1')).toBeNull();
  });

  it('slides backward from provisioning to configuring', () => {
    expect(slideDirection('/cluster-provisioning', '/configure-cluster')).toBe('backward');
    expect(slideDirection('/clusters/provisioning', '/clusters/configure')).toBe('backward');
  });

  it('does not slide for any other navigation or on the first load', () => {
    expect(slideDirection(undefined, '/cluster-provisioning')).toBeNull();
    expect(slideDirection('/dashboard', '/configure-cluster')).toBeNull();
    expect(slideDirection('/configure-cluster', '/clusters/configure')).toBeNull();
    expect(slideDirection('/cluster-provisioning', '/my-clusters')).toBeNull();
    expect(slideDirection('/configure-cluster', '/configure-cluster')).toBeNull();
  });
});

describe('slideTransitionTypes', () => {
  it('names the view transition type of the direction, or turns the transition off', () => {
    expect(slideTransitionTypes('/configure-cluster', '/cluster-provisioning')).toEqual(['configuration-slide-forward']);
    expect(slideTransitionTypes('/cluster-provisioning', '/configure-cluster')).toEqual(['configuration-slide-backward']);
    expect(slideTransitionTypes('/', '/pricing')).toBe(false);
  });
});
