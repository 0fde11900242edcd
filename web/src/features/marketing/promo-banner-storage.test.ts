import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import { dismissPromoBanner, isPromoBannerDismissed, restorePromoBanner } from './promo-banner-storage';

describe('promo banner storage', () => {
  it('shows the banner when nothing was stored', () => {
    expect(isPromoBannerDismissed(memoryStorage())).toBe(false);
  });

  it('remembers a dismissal under promoBannerDismissed', () => {
    const storage = memoryStorage();
    dismissPromoBanner(storage);
    expect(isPromoBannerDismissed(storage)).toBe(true);
    expect(storage.values.get('promoBannerDismissed')).toBe('true');
  });

  it('clears the flag when the banner is restored', () => {
    const storage = memoryStorage({ promoBannerDismissed: 'true' });
    restorePromoBanner(storage);
    expect(isPromoBannerDismissed(storage)).toBe(false);
    expect(storage.values.has('promoBannerDismissed')).toBe(false);
  });

  it('ignores values it did not write', () => {
    expect(isPromoBannerDismissed(memoryStorage({ promoBannerDismissed: 'yes' }))).toBe(false);
  });

  it('shows the banner when storage is unavailable', () => {
    expect(isPromoBannerDismissed(null)).toBe(false);
    expect(() => dismissPromoBanner(null)).not.toThrow();
  });
});
