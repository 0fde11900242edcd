import { officerProcedure, orgProcedure, publicProcedure, router } from '../../trpc';
import {
  attachmentInput,
  createTicketInput,
  fileSchema,
  listTicketsInput,
  MAX_UPLOAD_REQUEST_BYTES,
  publicAttachmentInput,
  publicConfirmedSchema,
  publicReplyInput,
  publicSubmitInput,
  publicSubmittedSchema,
  publicTicketSchema,
  reopenInput,
  replyInput,
  staffAssignInput,
  staffMergeInput,
  staffNoteInput,
  staffPageSchema,
  staffQueueInput,
  staffReplyInput,
  staffTicketDetailSchema,
  staffUpdateInput,
  staffUploadInput,
  ticketDetailSchema,
  ticketIdInput,
  ticketOptionsSchema,
  ticketPageSchema,
  tokenInput,
  trackInput,
  uploadInput,
} from './schemas';
import * as tickets from './service';

const TAGS: ['Support'] = ['Support'];
const STAFF_TAGS: ['Support (staff)'] = ['Support (staff)'];

/** A stored file sent as itself: our content type, the original name, always as a download. */
const FILE_BODY = { field: 'contentBase64', contentType: 'application/octet-stream', contentTypeField: 'contentType', filenameField: 'filename', base64: true } as const;
const UPLOAD = { filesField: 'files', maxBytes: MAX_UPLOAD_REQUEST_BYTES } as const;

export const ticketsRouter = router({
  // ----- Signed-in members: their organisation's tickets only (another's id is a 404).
  options: orgProcedure('support:read')
    .meta({ rest: { method: 'GET', path: '/api/support/ticket-options', summary: "What the new-ticket form offers: the plan's targets per severity, whether P1 is included, the organisation's clusters", tags: TAGS } })
    .output(ticketOptionsSchema)
    .query(({ ctx }) => tickets.ticketOptions(ctx, ctx.organizationId)),

  create: orgProcedure('support:write')
    .meta({ rest: { method: 'POST', path: '/api/tickets', summary: 'Open a support ticket, optionally about a cluster of your organisation', tags: TAGS, successStatus: 201, cli: 'kubemarket tickets create --subject <text> --description <text> [--severity <P1-P4>]' } })
    .input(createTicketInput)
    .output(ticketDetailSchema)
    .mutation(({ ctx, input }) => tickets.createTicket(ctx, ctx.user, ctx.organizationId, input)),

  list: orgProcedure('support:read')
    .meta({ rest: { method: 'GET', path: '/api/tickets', summary: "Your organisation's tickets, recently updated first (filters: status, severity, category; paginated)", tags: TAGS, cli: 'kubemarket tickets list [--status <status>]' } })
    .input(listTicketsInput)
    .output(ticketPageSchema)
    .query(({ ctx, input }) => tickets.listTickets(ctx, ctx.organizationId, input)),

  get: orgProcedure('support:read')
    .meta({ rest: { method: 'GET', path: '/api/tickets/{id}', summary: 'A ticket with its thread and SLA timers', tags: TAGS, cli: 'kubemarket tickets get <ticket>' } })
    .input(ticketIdInput)
    .output(ticketDetailSchema)
    .query(({ ctx, input }) => tickets.getTicket(ctx, ctx.organizationId, input.id)),

  reply: orgProcedure('support:write')
    .meta({ rest: { method: 'POST', path: '/api/tickets/{id}/replies', summary: 'Reply on a ticket', tags: TAGS, successStatus: 201 } })
    .input(replyInput)
    .output(ticketDetailSchema)
    .mutation(({ ctx, input }) => tickets.replyToTicket(ctx, ctx.user, ctx.organizationId, input.id, input.body)),

  uploadAttachments: orgProcedure('support:write')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/tickets/{id}/attachments',
        summary: 'Reply with up to 5 files (multipart/form-data: files, optional body), each at most 10 MB: PNG, JPEG, GIF, WebP, PDF, text, log, YAML or JSON',
        tags: TAGS,
        multipart: UPLOAD,
      },
    })
    .input(uploadInput)
    .output(ticketDetailSchema)
    .mutation(({ ctx, input }) => tickets.replyToTicket(ctx, ctx.user, ctx.organizationId, input.id, input.body ?? '', input.files)),

  attachment: orgProcedure('support:read')
    .meta({ rest: { method: 'GET', path: '/api/tickets/{id}/attachments/{attachmentId}', summary: 'Download an attachment of a ticket', tags: TAGS, body: FILE_BODY } })
    .input(attachmentInput)
    .output(fileSchema)
    .query(({ ctx, input }) => tickets.organizationAttachment(ctx, ctx.organizationId, input.id, input.attachmentId)),

  close: orgProcedure('support:write')
    .meta({ rest: { method: 'POST', path: '/api/tickets/{id}/close', summary: 'Close a ticket (it can be reopened within 14 days)', tags: TAGS } })
    .input(ticketIdInput)
    .output(ticketDetailSchema)
    .mutation(({ ctx, input }) => tickets.closeTicket(ctx, ctx.user, ctx.organizationId, input.id)),

  reopen: orgProcedure('support:write')
    .meta({ rest: { method: 'POST', path: '/api/tickets/{id}/reopen', summary: 'Reopen a resolved or closed ticket, within 14 days', tags: TAGS } })
    .input(reopenInput)
    .output(ticketDetailSchema)
    .mutation(({ ctx, input }) => tickets.reopenTicket(ctx, ctx.user, ctx.organizationId, input.id, input.body)),

  // ----- Visitors (/submit-ticket, /track-ticket): the email proves who they are.
  submitPublic: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/public-tickets', summary: 'Send a support request without an account; it reaches support once confirmed from the email', tags: TAGS, successStatus: 201 } })
    .input(publicSubmitInput)
    .output(publicSubmittedSchema)
    .mutation(({ ctx, input }) => tickets.submitPublicTicket(ctx, input)),

  confirmPublic: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/public-tickets/confirm', summary: 'Confirm a support request with the token from its email; answers a token to read and reply', tags: TAGS } })
    .input(tokenInput)
    .output(publicConfirmedSchema)
    .mutation(({ ctx, input }) => tickets.confirmPublicTicket(ctx, input.token)),

  track: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/public-tickets/track', summary: 'Look up a support request by reference and email (read only)', tags: TAGS } })
    .input(trackInput)
    .output(publicTicketSchema)
    .mutation(({ ctx, input }) => tickets.trackTicket(ctx, input)),

  publicThread: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/public-tickets/thread', summary: "A support request's thread, from the link of its latest email", tags: TAGS } })
    .input(tokenInput)
    .output(publicTicketSchema)
    .mutation(({ ctx, input }) => tickets.ticketByLink(ctx, input.token)),

  publicReply: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/public-tickets/replies', summary: 'Reply on a support request, with the link of its latest email', tags: TAGS } })
    .input(publicReplyInput)
    .output(publicTicketSchema)
    .mutation(({ ctx, input }) => tickets.publicReply(ctx, input.token, input.body)),

  publicAttachment: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/public-tickets/attachments/{attachmentId}', summary: 'Download an attachment of a support request, with the link of its latest email', tags: TAGS, body: FILE_BODY } })
    .input(publicAttachmentInput)
    .output(fileSchema)
    .mutation(({ ctx, input }) => tickets.publicAttachment(ctx, input.token, input.attachmentId)),

  // ----- Staff (/officers/incident-tickets): every confirmed ticket; closed to API tokens.
  staffQueue: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/tickets', summary: 'The support queue, most urgent first (filters: status, severity, category, organisation, assignee, SLA)', tags: STAFF_TAGS, sessionOnly: true } })
    .input(staffQueueInput)
    .output(staffPageSchema)
    .query(({ ctx, input }) => tickets.staffQueue(ctx, input)),

  staffGet: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/tickets/{id}', summary: 'A ticket with its whole thread, internal notes included', tags: STAFF_TAGS, sessionOnly: true } })
    .input(ticketIdInput)
    .output(staffTicketDetailSchema)
    .query(({ ctx, input }) => tickets.staffGet(ctx, input.id)),

  staffAssign: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/tickets/{id}/assign', summary: 'Take or assign a ticket (null unassigns)', tags: STAFF_TAGS, sessionOnly: true } })
    .input(staffAssignInput)
    .output(staffTicketDetailSchema)
    .mutation(({ ctx, input }) => tickets.staffAssign(ctx, ctx.user, input.id, input.assigneeUserId)),

  staffReply: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/tickets/{id}/replies', summary: 'Reply to the requester (emailed and notified)', tags: STAFF_TAGS, sessionOnly: true, successStatus: 201 } })
    .input(staffReplyInput)
    .output(staffTicketDetailSchema)
    .mutation(({ ctx, input }) => tickets.staffReply(ctx, ctx.user, input.id, { body: input.body, ...(input.status ? { status: input.status } : {}) })),

  staffNote: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/tickets/{id}/notes', summary: 'Add an internal note, never shown to the customer', tags: STAFF_TAGS, sessionOnly: true } })
    .input(staffNoteInput)
    .output(staffTicketDetailSchema)
    .mutation(({ ctx, input }) => tickets.staffNote(ctx, ctx.user, input.id, input.body)),

  staffUpdate: officerProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/admin/tickets/{id}', summary: 'Change the severity, category or status of a ticket', tags: STAFF_TAGS, sessionOnly: true } })
    .input(staffUpdateInput)
    .output(staffTicketDetailSchema)
    .mutation(({ ctx, input }) => tickets.staffUpdate(ctx, ctx.user, input)),

  staffMerge: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/tickets/{id}/merge', summary: 'Close a duplicate with a pointer to the ticket that continues', tags: STAFF_TAGS, sessionOnly: true } })
    .input(staffMergeInput)
    .output(staffTicketDetailSchema)
    .mutation(({ ctx, input }) => tickets.staffMerge(ctx, ctx.user, input.id, input.intoId)),

  staffUploadAttachments: officerProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/admin/tickets/{id}/attachments',
        summary: 'Reply (or add an internal note, internal=true) with up to 5 files of 10 MB each',
        tags: STAFF_TAGS,
        sessionOnly: true,
        multipart: UPLOAD,
      },
    })
    .input(staffUploadInput)
    .output(staffTicketDetailSchema)
    .mutation(({ ctx, input }) => tickets.staffReply(ctx, ctx.user, input.id, { body: input.body ?? '', files: input.files, ...(input.internal ? { internal: true } : {}) })),

  staffAttachment: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/tickets/{id}/attachments/{attachmentId}', summary: 'Download any attachment of a ticket, internal ones included', tags: STAFF_TAGS, sessionOnly: true, body: FILE_BODY } })
    .input(attachmentInput)
    .output(fileSchema)
    .query(({ ctx, input }) => tickets.staffAttachment(ctx, input.id, input.attachmentId)),
});
