import {
  tickets,
  type Ticket,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Context } from '../../context';
import { randomToken, sha256Hex } from '../../platform/crypto';
import { sendMailSafely } from '../../platform/mailer';
import { addressKey, consumeRateLimit, RATE_LIMITS } from '../../platform/rate-limit';
import { ticketEmails } from './emails';
import type {
  publicSubmitInput,
} from './schemas';
import { addSupportMinutes, responseMinutes } from './sla';
import { attachmentFile } from './customers';
import { PUBLIC_CONFIRM_TTL_MS, newTicketId } from './service-common';
import { assertSeverityOffered, customerWrites, newReference, targetsFor } from './shared';
import { customerDetail } from './views';

// Visitors

export async function submitPublicTicket(ctx: Context, input: z.output<typeof publicSubmitInput>) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `ticket:ip:${addressKey(ctx.request.ipAddress)}`, RATE_LIMITS.leadPerAddress, now);
  await consumeRateLimit(ctx.db, `ticket:email:${input.email}`, RATE_LIMITS.leadPerEmail, now);
  const targets = await targetsFor(ctx.db, null);
  await assertSeverityOffered(ctx.db, targets, input.severity);
  const token = randomToken(32);
  const reference = await newReference(ctx.db);
  await ctx.db.insert(tickets).values({
    id: newTicketId(),
    reference,
    organizationId: null,
    requesterUserId: null,
    requesterEmail: input.email,
    requesterName: input.name,
    category: input.category,
    severity: input.severity,
    subject: input.subject,
    description: input.description,
    status: 'open',
    supportPlanId: targets.planId,
    // Restarted at confirmation: staff cannot answer what they cannot see.
    firstResponseDueAt: addSupportMinutes(now, responseMinutes(targets, input.severity), targets.hours),
    confirmation: 'unconfirmed',
    confirmTokenHash: await sha256Hex(token),
    confirmTokenExpiresAt: now + PUBLIC_CONFIRM_TTL_MS,
    createdAt: now,
    updatedAt: now,
  });
  await sendMailSafely(
    ctx.ports.mailer,
    ticketEmails.confirmPublic({ to: input.email, name: input.name, reference, subject: input.subject, url: `${ctx.request.appUrl}/track-ticket`, confirmUrl: `${ctx.request.appUrl}/track-ticket#confirm=${token}` }),
  );
  return { reference, confirmationSent: true as const };
}

export async function confirmPublicTicket(ctx: Context, token: string) {
  const now = ctx.ports.clock.now();
  const [pending] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.confirmTokenHash, await sha256Hex(token)), eq(tickets.confirmation, 'unconfirmed'), gt(tickets.confirmTokenExpiresAt, now)))
    .limit(1);
  if (!pending) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This confirmation link is invalid or has expired. Send your request again to get a new one.' });
  const targets = await targetsFor(ctx.db, null);
  const accessToken = randomToken(32);
  const [confirmed] = await ctx.db
    .update(tickets)
    .set({
      confirmation: 'confirmed',
      confirmTokenHash: null,
      confirmTokenExpiresAt: null,
      accessTokenHash: await sha256Hex(accessToken),
      firstResponseDueAt: addSupportMinutes(now, responseMinutes(targets, pending.severity), targets.hours),
      updatedAt: now,
    })
    // Of two clicks on the same link, one confirms.
    .where(and(eq(tickets.id, pending.id), eq(tickets.confirmation, 'unconfirmed')))
    .returning({ reference: tickets.reference });
  if (!confirmed) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This confirmation link is invalid or has expired. Send your request again to get a new one.' });
  return { reference: confirmed.reference, confirmed: true as const, accessToken };
}

async function publicDetail(ctx: Context, ticket: Ticket, canReply: boolean) {
  const { cluster: _cluster, reopenableUntil: _until, ...detail } = await customerDetail(ctx, eq(tickets.id, ticket.id));
  return { ...detail, canReply };
}

export async function trackTicket(ctx: Context, input: { reference: string; email: string }) {
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `ticket-track:ip:${addressKey(ctx.request.ipAddress)}`, RATE_LIMITS.emailLinkPerAddress, now);
  // Public tickets only: a member's ticket belongs to the organisation and is read signed in.
  const [ticket] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.reference, input.reference), eq(tickets.requesterEmail, input.email), isNull(tickets.organizationId), eq(tickets.confirmation, 'confirmed')))
    .limit(1);
  if (!ticket) {
    throw new TRPCError({ code: 'NOT_FOUND', message: `No confirmed ticket ${input.reference} for this email. If you just sent it, confirm it with the link we emailed you.` });
  }
  return publicDetail(ctx, ticket, false);
}

async function ticketByAccessToken(ctx: Context, token: string) {
  const [ticket] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.accessTokenHash, await sha256Hex(token)), isNull(tickets.organizationId)))
    .limit(1);
  if (!ticket) throw new TRPCError({ code: 'NOT_FOUND', message: 'This ticket link is invalid or was replaced by a newer email. Use the link in the latest email about your ticket.' });
  return ticket;
}

export async function ticketByLink(ctx: Context, token: string) {
  return publicDetail(ctx, await ticketByAccessToken(ctx, token), true);
}

export async function publicReply(ctx: Context, token: string, body: string) {
  const ticket = await ticketByAccessToken(ctx, token);
  await customerWrites(ctx, ticket, { userId: null, name: ticket.requesterName }, body, []);
  return ticketByLink(ctx, token);
}

export async function publicAttachment(ctx: Context, token: string, attachmentId: string) {
  const ticket = await ticketByAccessToken(ctx, token);
  return attachmentFile(ctx, ticket.id, attachmentId, false);
}
