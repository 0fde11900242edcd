import { sqliteTable, text, index } from 'drizzle-orm/sqlite-core';
import { LEAD_KINDS } from '@kubemarket/shared';
import { created } from './columns';

// The public request forms: /contact-sales, /schedule-demo, /custom-quote, /workload-migration, /contact.
export { LEAD_KINDS, type LeadKind } from '@kubemarket/shared';

export const leads = sqliteTable(
  'leads',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: LEAD_KINDS }).notNull(),
    name: text('name').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    company: text('company'),
    phone: text('phone'),
    message: text('message'),
    /** Form-specific answers (preferred date, cluster count, current provider ...). */
    details: text('details', { mode: 'json' }).$type<Record<string, string | number | boolean>>(),
    ip: text('ip'),
    ...created,
  },
  (table) => [index('leads_kind_created_idx').on(table.kind, table.createdAt), index('leads_email_idx').on(table.email)],
);

export type Lead = typeof leads.$inferSelect;
