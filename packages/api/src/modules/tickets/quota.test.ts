/**
 * Issue 29: an organisation's ticket attachments are held to ORGANIZATION_STORAGE_QUOTA_BYTES,
 * also when uploads race (Promise.all): the database decides which ones fit, and a refused upload
 * leaves no message, no attachment row and no stored object.
 */
import { ticketAttachments, ticketMessages, tickets } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../platform/files';
import { callerAs, createTestCaller, sessionUserOf } from '../../testing';
import { ORGANIZATION_STORAGE_QUOTA_BYTES } from './service';

const FILE_BYTES = 1000;
/** A PNG of FILE_BYTES bytes: the signature, then padding. */
const png = () => {
  const bytes = new Uint8Array(FILE_BYTES);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
};

async function setup(room: number) {
  const files = memoryFiles();
  const { ctx, db } = await createTestCaller({ ports: { files } });
  const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));
  const ticket = await alice.tickets.create({ subject: 'Quota check', description: 'Files to see where the quota ends.', category: 'technical', severity: 'P4' });
  // Earlier files of the organisation fill the quota up to `room` bytes (their objects are not needed here).
  await db.insert(ticketMessages).values({ id: 'tmsg_quota_fill', ticketId: ticket.id, authorUserId: null, authorName: 'Alice Martin', fromStaff: false, kind: 'reply', body: 'Big files', createdAt: 0 });
  await db.insert(ticketAttachments).values({ id: 'tatt_quota_fill', ticketId: ticket.id, messageId: 'tmsg_quota_fill', r2Key: `tickets/${ticket.id}/fill`, filename: 'dump.log', contentType: 'text/plain; charset=utf-8', sizeBytes: ORGANIZATION_STORAGE_QUOTA_BYTES - room, sha256: 'x', createdAt: 0 });
  const upload = (i: number) => alice.tickets.uploadAttachments({ id: ticket.id, files: [{ filename: `shot-${i}.png`, contentType: 'image/png', bytes: png() }] });
  const stored = async () => (await db.select({ id: ticketAttachments.id }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticket.id))).length - 1;
  const messages = async () => (await db.select({ id: ticketMessages.id }).from(ticketMessages).where(eq(ticketMessages.ticketId, ticket.id))).length - 1;
  return { db, files, upload, stored, messages, ticket, alice };
}

describe.each([10, 50])('%i parallel uploads', (n) => {
  it('store only what fits in the quota; the rest are 413 and leave nothing behind', async () => {
    const fits = 3;
    const { files, upload, stored, messages } = await setup(fits * FILE_BYTES);
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => upload(i)));
    const refused = results.filter((result) => result.status === 'rejected') as PromiseRejectedResult[];
    expect(results.length - refused.length).toBe(fits);
    expect(refused.map((result) => (result.reason as { code: string }).code)).toEqual(Array(n - fits).fill('PAYLOAD_TOO_LARGE'));
    expect((refused[0]!.reason as Error).message).toMatch(/^These files \(1 KB\) do not fit in your organisation's storage for attachments: 1\.0 GB of 1\.0 GB are used\. Send smaller files, or ask support to make room\.$/);
    expect(await stored()).toBe(fits);
    expect(await messages()).toBe(fits);
    expect(files.objects.size).toBe(fits);
  });
});

describe('storage quota', () => {
  it('refuses at once, before storing, when the organisation is already full; other organisations are not affected', async () => {
    const { files, upload, stored, db, ticket } = await setup(FILE_BYTES - 1);
    await expect(upload(0)).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(files.objects.size).toBe(0);
    expect(await stored()).toBe(0);
    const [row] = await db.select({ organizationId: tickets.organizationId }).from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.organizationId).toBe('org_demo_acme');
  });
});
