import { TICKET_CATEGORIES, TICKET_SEVERITIES, TICKET_STATUSES } from '@kubemarket/db';
import { publicTicketFormSchema, ticketDescriptionSchema, ticketMessageSchema, ticketSubjectSchema, ticketTrackInputSchema } from '@kubemarket/shared';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';

export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;
/** What one upload request may carry: five files at the limit plus the form's own bytes. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_ATTACHMENTS_PER_MESSAGE * MAX_ATTACHMENT_BYTES + 256 * 1024;
export const REOPEN_WINDOW_DAYS = 14;

const category = z.enum(TICKET_CATEGORIES, { error: `Category must be one of: ${TICKET_CATEGORIES.join(', ')}.` });
const severity = z.enum(TICKET_SEVERITIES, { error: `Severity must be one of: ${TICKET_SEVERITIES.join(', ')}.` });
const status = z.enum(TICKET_STATUSES, { error: `Status must be one of: ${TICKET_STATUSES.join(', ')}.` });

// The fields the forms check too live in @kubemarket/shared.
const subject = ticketSubjectSchema;
const description = ticketDescriptionSchema;
const messageBody = ticketMessageSchema;
const token = z.string({ error: 'The link is incomplete.' }).trim().min(16, 'The link is incomplete.').max(128, 'The link is invalid.');

const pageFields = {
  page: z.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').max(10_000, 'Page must be at most 10000.').default(1),
  pageSize: z.number({ error: 'Page size must be a number.' }).int('Page size must be a whole number.').min(1, 'Page size must be at least 1.').max(100, 'Page size must be at most 100.').default(20),
};

// ---------------------------------------------------------------------------------------------
// Inputs

export const createTicketInput = z.object({
  subject,
  description,
  category,
  severity,
  clusterId: idParam('Cluster').optional().describe('A cluster of your organisation the ticket is about.'),
});

export const listTicketsInput = z
  .object({ status: status.optional(), severity: severity.optional(), category: category.optional(), ...pageFields })
  .default({ page: 1, pageSize: 20 });

export const ticketIdInput = z.object({ id: idParam('Ticket') });
export const replyInput = z.object({ id: idParam('Ticket'), body: messageBody });
export const reopenInput = z.object({ id: idParam('Ticket'), body: messageBody.optional().describe('Why it needs another look.') });

/** A file part of a multipart upload, as the REST adapter hands it over (never sent as JSON). */
export const uploadedFile = z.object({
  filename: z.string().max(1_000),
  contentType: z.string().max(200),
  bytes: z.instanceof(Uint8Array),
});

const files = z
  .array(uploadedFile, { error: 'Attach at least one file (multipart/form-data field "files").' })
  .min(1, 'Attach at least one file (multipart/form-data field "files").')
  .max(MAX_ATTACHMENTS_PER_MESSAGE, `At most ${MAX_ATTACHMENTS_PER_MESSAGE} files per message.`);

export const uploadInput = z.object({
  id: idParam('Ticket'),
  body: z.string().trim().max(20_000, 'A message must be at most 20000 characters.').optional().describe('Text sent with the files (Markdown).'),
  files,
});

export const staffUploadInput = uploadInput.extend({
  internal: z.boolean().optional().describe('Attach to an internal note customers never see.'),
});

export const attachmentInput = z.object({ id: idParam('Ticket'), attachmentId: idParam('Attachment') });

export const publicSubmitInput = publicTicketFormSchema.extend({
  category,
  severity,
});
export const tokenInput = z.object({ token });
export const trackInput = ticketTrackInputSchema;
export const publicReplyInput = z.object({ token, body: messageBody });
export const publicAttachmentInput = z.object({ token, attachmentId: idParam('Attachment') });

export const staffQueueInput = z
  .object({
    status: status.optional(),
    severity: severity.optional(),
    category: category.optional(),
    organizationId: idParam('Organisation').optional(),
    assigneeUserId: idParam('Assignee').optional().describe('A staff user id, or "unassigned".'),
    sla: z.enum(['due', 'breached'], { error: 'SLA must be due or breached.' }).optional().describe('due: something is owed and not yet late; breached: late.'),
    ...pageFields,
  })
  .default({ page: 1, pageSize: 20 });

export const staffAssignInput = z.object({ id: idParam('Ticket'), assigneeUserId: idParam('Assignee').nullable().describe('A staff user; null unassigns.') });
export const staffReplyInput = z.object({
  id: idParam('Ticket'),
  body: messageBody,
  status: z.enum(['awaiting_customer', 'awaiting_support', 'resolved'], { error: 'After a reply the status is awaiting_customer, awaiting_support or resolved.' }).optional().describe('Default: awaiting_customer.'),
});
export const staffNoteInput = z.object({ id: idParam('Ticket'), body: messageBody });
export const staffUpdateInput = z
  .object({ id: idParam('Ticket'), severity: severity.optional(), category: category.optional(), status: status.optional() })
  .refine((input) => input.severity !== undefined || input.category !== undefined || input.status !== undefined, 'Change the severity, category or status.');
export const staffMergeInput = z.object({ id: idParam('Ticket').describe('The duplicate, closed by the merge.'), intoId: idParam('Ticket').describe('The ticket that continues.') });

// ---------------------------------------------------------------------------------------------
// Outputs

const named = z.object({ id: z.string(), name: z.string() });

export const slaSchema = z.object({
  planId: z.string().nullable(),
  firstResponseDueAt: z.number().int().describe('UTC epoch ms.'),
  firstRespondedAt: z.number().int().nullable(),
  firstResponseMet: z.boolean().nullable().describe('Null while the first response is not yet due.'),
  dueKind: z.enum(['first_response', 'update']).nullable().describe('What support owes next; null when nothing is owed.'),
  dueAt: z.number().int().nullable(),
  breached: z.boolean(),
});

export const attachmentSchema = z.object({ id: z.string(), filename: z.string(), contentType: z.string(), sizeBytes: z.number().int() });

/** A customer sees replies and status changes; internal notes are not even a possible kind. */
export const customerMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(['reply', 'status_change']),
  fromStaff: z.boolean(),
  authorName: z.string(),
  body: z.string(),
  createdAt: z.number().int(),
  attachments: z.array(attachmentSchema),
});

export const ticketSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  subject: z.string(),
  category,
  severity,
  status,
  cluster: named.nullable(),
  requesterName: z.string(),
  assigneeName: z.string().nullable(),
  mergedInto: z.object({ id: z.string(), reference: z.string() }).nullable(),
  sla: slaSchema,
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  resolvedAt: z.number().int().nullable(),
  closedAt: z.number().int().nullable(),
});

export const ticketDetailSchema = ticketSummarySchema.extend({
  description: z.string(),
  messages: z.array(customerMessageSchema),
  reopenableUntil: z.number().int().nullable().describe('Until when a resolved or closed ticket may be reopened (UTC epoch ms).'),
});

export const ticketPageSchema = z.object({
  items: z.array(ticketSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});

export const ticketOptionsSchema = z.object({
  plan: z.object({ id: z.string(), name: z.string(), hours: z.enum(['business', '24x7']) }),
  severities: z.array(
    z.object({
      severity,
      available: z.boolean(),
      responseMinutes: z.number().int().nullable().describe('First-response target, counted within the plan hours.'),
      updateMinutes: z.number().int(),
    }),
  ),
  p1UpgradePlan: named.nullable().describe('The first plan that includes P1, when the current one does not.'),
  clusters: z.array(named),
});

export const fileSchema = z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.string() });

export const publicSubmittedSchema = z.object({ reference: z.string(), confirmationSent: z.literal(true) });
export const publicConfirmedSchema = z.object({
  reference: z.string(),
  confirmed: z.literal(true),
  accessToken: z.string().describe('Reads and replies on this request (POST /api/public-tickets/thread and /replies); each later email carries a new one.'),
});
export const publicTicketSchema = ticketDetailSchema.omit({ cluster: true, reopenableUntil: true }).extend({
  canReply: z.boolean().describe('Replying needs the link from an email (a token), not only the reference and email.'),
});

export const staffMessageSchema = customerMessageSchema.extend({ kind: z.enum(['reply', 'internal_note', 'status_change']) });

export const staffTicketSummarySchema = ticketSummarySchema.extend({
  organization: z.object({ id: z.string(), name: z.string(), billingId: z.string() }).nullable(),
  requesterEmail: z.string(),
  assigneeUserId: z.string().nullable(),
});

export const staffTicketDetailSchema = staffTicketSummarySchema.extend({
  description: z.string(),
  messages: z.array(staffMessageSchema),
  duplicates: z.array(z.object({ id: z.string(), reference: z.string() })).describe('Tickets merged into this one.'),
});

export const staffPageSchema = ticketPageSchema.extend({ items: z.array(staffTicketSummarySchema) });
