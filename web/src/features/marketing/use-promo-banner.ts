import { useState } from 'react';
import { sessionStore } from '../../lib/browser-storage';
import { toast } from '../../lib/toast';
import { PROMO_CODE, PROMO_DISCOUNT_PERCENT, dismissPromoBanner, isPromoBannerDismissed, restorePromoBanner } from './promo-banner-storage';

/** docs/product/screens.md#promotional-banner: the bar shows until dismissed for this browser session; the side tab brings it back. */
export function usePromoBanner() {
  const [dismissed, setDismissed] = useState(() => isPromoBannerDismissed(sessionStore()));

  return {
    visible: !dismissed,
    dismiss() {
      dismissPromoBanner(sessionStore());
      setDismissed(true);
    },
    restore() {
      restorePromoBanner(sessionStore());
      setDismissed(false);
      toast({
        title: 'Promotion restored',
        description: `Promo code ${PROMO_CODE}: ${PROMO_DISCOUNT_PERCENT}% off your first purchase, for a limited time.`,
        variant: 'info',
      });
    },
  };
}
