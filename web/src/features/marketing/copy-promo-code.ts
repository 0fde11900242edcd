import { toast } from '../../lib/toast';
import { PROMO_CODE, PROMO_COPY_TOAST_MS, PROMO_DISCOUNT_PERCENT } from './promo-banner-storage';

/**
 * The promotional bar's "Copy code": puts the code on the clipboard and says so, or says how to
 * type it. Loaded on the first press, out of every page's first load. True when it was copied.
 */
export async function copyPromoCode(): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(PROMO_CODE);
  } catch {
    toast({
      title: 'Copy failed',
      description: `Your browser did not allow copying. The promo code is ${PROMO_CODE}.`,
      variant: 'destructive',
    });
    return false;
  }
  toast({
    title: 'Promo code copied',
    description: `Enter ${PROMO_CODE} at checkout for ${PROMO_DISCOUNT_PERCENT}% off your first purchase.`,
    variant: 'success',
    duration: PROMO_COPY_TOAST_MS,
  });
  return true;
}
