import { z } from 'zod';

/** Most rows one CSV export holds: a year of a busy organisation fits, a runaway query does not. */
export const CSV_MAX_ROWS = 10_000;

const text = (label: string, max: number) => z.string({ error: `${label} must be text.` }).trim().max(max, `${label} must be at most ${max} characters.`).optional();
const time = (label: string) => z.number({ error: `${label} must be a time in epoch milliseconds.` }).int().min(0).optional();

const filterFields = {
  actor: text('Actor', 100).describe("Part of the actor's name, username or email."),
  action: text('Action', 64).describe('An action, or its prefix: "order" matches order.placed and order.cancelled.'),
  from: time('From').describe('Entries at or after this time.'),
  to: time('To').describe('Entries before this time.'),
};
const orderedTimes = (input: { from?: number | undefined; to?: number | undefined }) => input.from == null || input.to == null || input.from < input.to;
const ORDERED = { message: 'From must be before To.', path: ['from'] };

const page = {
  page: z.number({ error: 'Page must be a number.' }).int().min(1, 'Page starts at 1.').default(1),
  pageSize: z.number({ error: 'Page size must be a number.' }).int().min(1).max(100, 'Page size must be at most 100.').default(25),
};

const organizationId = text('Organisation id', 64).describe('Only this organisation.');

export const activityFilterSchema = z.object(filterFields).refine(orderedTimes, ORDERED);
export const activityListInputSchema = z.object({ ...filterFields, ...page }).refine(orderedTimes, ORDERED);
export const staffActivityListInputSchema = z.object({ ...filterFields, ...page, organizationId }).refine(orderedTimes, ORDERED);
export const staffActivityCsvInputSchema = z.object({ ...filterFields, organizationId }).refine(orderedTimes, ORDERED);

export const activityEntrySchema = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  action: z.string(),
  actorUserId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export const activityPageSchema = z.object({ items: z.array(activityEntrySchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const activityCsvSchema = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int(), truncated: z.boolean() });

export type ActivityFilter = z.infer<typeof activityFilterSchema>;
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
