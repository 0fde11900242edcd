import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';
import { created } from './columns';

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** Double opt-in: an address receives the newsletter only once it confirmed the mailed link. */
export const newsletterSubscriptions = sqliteTable('newsletter_subscriptions', {
  id: text('id').primaryKey(),
  /** Lower-cased. */
  email: text('email').notNull().unique(),
  status: text('status', { enum: NEWSLETTER_STATUSES }).notNull().default('pending'),
  /** SHA-256 of the pending confirmation token; cleared once used. */
  tokenHash: text('token_hash').unique(),
  tokenExpiresAt: integer('token_expires_at'),
  /** SHA-256 of the unsubscribe token, set on confirmation; it keeps working after use. */
  unsubscribeTokenHash: text('unsubscribe_token_hash').unique(),
  ...created,
  confirmedAt: integer('confirmed_at'),
  updatedAt: integer('updated_at').notNull(),
});

export type NewsletterSubscription = typeof newsletterSubscriptions.$inferSelect;
