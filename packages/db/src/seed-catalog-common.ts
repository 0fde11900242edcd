

/**
 * The catalogue customers buy from, seeded so a fresh database sells something real. Prices are
 * integer EUR cents (excluding VAT); the seed refreshes these rows on every run.
 */

export type Timestamps = 'createdAt' | 'updatedAt';
export type Seed<T> = Omit<T, Timestamps | 'sortOrder' | 'archivedAt'>;

// Yearly prices carry a 15 % discount over twelve monthly payments.
export const yearly = (monthlyCents: number) => Math.round(monthlyCents * 12 * 0.85);

export const DAY_MS = 24 * 60 * 60_000;
