import { PRODUCT_NAME } from '@kubemarket/shared';
import type { TicketStatus } from '@kubemarket/db';
import { plainMail } from '../../platform/emails';

/*
 * Ticket mail. Only what the requester may read goes out: staff replies and status changes,
 * never an internal note (the callers pass reply bodies only).
 */

export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open',
  awaiting_customer: 'Awaiting your reply',
  awaiting_support: 'Awaiting support',
  resolved: 'Resolved',
  closed: 'Closed',
};

interface Facts {
  to: string;
  name: string;
  reference: string;
  subject: string;
  /** Where to read and answer: the console, or /track-ticket with a reply link. */
  url: string;
}

export const ticketEmails = {
  // A public form must not mail arbitrary text to an address of the sender's choosing: the
  // confirmation repeats only the reference and the subject line.
  confirmPublic: (facts: Facts & { confirmUrl: string }) =>
    plainMail(facts.to, `Confirm your support request ${facts.reference} — ${PRODUCT_NAME}`, [
      `Hello ${facts.name}, we received a support request from this address: ${facts.reference}, "${facts.subject}".`,
      `Confirm it so that our support team sees it: ${facts.confirmUrl}`,
      'The link expires in 48 hours. If you did not send this request, ignore this email and nothing happens.',
    ]),
  staffReply: (facts: Facts & { body: string; status: TicketStatus }) =>
    plainMail(facts.to, `[${facts.reference}] New reply from support: ${facts.subject}`, [
      `Hello ${facts.name}, our support team answered your ticket ${facts.reference}.`,
      facts.body,
      `Status: ${TICKET_STATUS_LABELS[facts.status]}. Read the thread and reply: ${facts.url}`,
    ]),
  statusChanged: (facts: Facts & { status: TicketStatus; mergedInto?: string }) =>
    plainMail(facts.to, `[${facts.reference}] ${TICKET_STATUS_LABELS[facts.status]}: ${facts.subject}`, [
      facts.mergedInto
        ? `Hello ${facts.name}, your ticket ${facts.reference} duplicated ${facts.mergedInto}; it is closed and the conversation continues on ${facts.mergedInto}.`
        : `Hello ${facts.name}, your ticket ${facts.reference} is now: ${TICKET_STATUS_LABELS[facts.status]}.`,
      `Read the thread: ${facts.url}`,
    ]),
  customerReplied: (facts: Facts & { body: string; customer: string }) =>
    plainMail(facts.to, `[${facts.reference}] ${facts.customer} replied: ${facts.subject}`, [
      `Hello ${facts.name}, ${facts.customer} replied on ${facts.reference}, which is assigned to you.`,
      facts.body,
      `Open the ticket: ${facts.url}`,
    ]),
};
