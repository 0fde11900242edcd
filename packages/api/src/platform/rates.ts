/**
 * The exchange-rates port (the context's `RatesSource`): where fresh rates come from. The Worker
 * gives the ECB (modules/currency, ecbRatesSource); tests give a fake.
 */

/** Rates as a source reports them, not yet validated. */
export interface RatesQuote {
  rates: Record<string, number>;
  date: string;
  /** Short name stored with the rows, e.g. "ecb". */
  source: string;
}

export interface RatesSource {
  latest(): Promise<RatesQuote>;
}
