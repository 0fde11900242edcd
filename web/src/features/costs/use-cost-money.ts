import { convertFromEurCents, formatMoney } from '@kubemarket/shared';
import { useMemo } from 'react';
import { useDisplayPrice } from '../currency';

/** Amounts in the display currency: as text (`format`, from EUR cents) and as the chart's numbers (`toDisplay`, `formatAmount`). */
export function useCostMoney() {
  const price = useDisplayPrice();
  return useMemo(
    () => ({
      format: price.format,
      currency: price.currency,
      toDisplay: (eurCents: number) => convertFromEurCents(eurCents, price.rate),
      formatAmount: (amount: number) => formatMoney(amount, price.currency),
    }),
    [price],
  );
}
