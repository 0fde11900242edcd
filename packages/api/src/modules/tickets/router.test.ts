import { notifications, supportPlans, ticketMessages, tickets } from '@kubemarket/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memoryFiles } from '../../platform/files';
import { callerAs, createTestCaller, manualClock, memoryMailer, sessionUserOf } from '../../testing';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Monday 23 November 2026, 10:00 in Paris: business hours. */
const MONDAY_10_PARIS = Date.UTC(2026, 10, 23, 9);
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const text = (value: string) => new TextEncoder().encode(value);
const SECRET = 'INTERNAL-ONLY-7f3a: customer is on the legacy LB, do not mention';

async function setup() {
  const clock = manualClock(MONDAY_10_PARIS);
  const mailer = memoryMailer();
  const files = memoryFiles();
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer, files }, request: { appUrl: 'https://console.example.eu' } });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  return { ctx, db, clock, mailer, files, as, anonymous: callerAs(ctx, null) };
}

const newTicket = { subject: 'Pods cannot pull images', description: 'ImagePullBackOff on every new deployment since 09:00.', category: 'technical' as const, severity: 'P2' as const };

describe('tickets: organisation scope', () => {
  it('answers 404 for a ticket of another organisation, on every operation', async () => {
    const { as } = await setup();
    const alice = await as('alice');
    const created = await alice.tickets.create({ ...newTicket, clusterId: 'clu_demo_webshop' });
    expect(created).toMatchObject({ reference: expect.stringMatching(/^KM-T-\d{5}$/), status: 'open', cluster: { id: 'clu_demo_webshop', name: 'webshop-prod' }, requesterName: 'Alice Martin' });
    const upload = await alice.tickets.uploadAttachments({ id: created.id, files: [{ filename: 'events.log', contentType: 'text/plain', bytes: text('Failed to pull image') }] });
    const attachmentId = upload.messages.at(-1)!.attachments[0]!.id;

    const gabriel = await as('gabriel');
    for (const call of [
      () => gabriel.tickets.get({ id: created.id }),
      () => gabriel.tickets.reply({ id: created.id, body: 'Hello?' }),
      () => gabriel.tickets.close({ id: created.id }),
      () => gabriel.tickets.reopen({ id: created.id }),
      () => gabriel.tickets.attachment({ id: created.id, attachmentId }),
      () => gabriel.tickets.get({ id: 'tkt_demo_acme_invoice' }),
    ]) {
      await expect(call()).rejects.toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await gabriel.tickets.list({ page: 1, pageSize: 100 })).items).toEqual([]);
    // Acme's own members see it, seeded tickets included, newest activity first.
    const list = await (await as('vera')).tickets.list({ page: 1, pageSize: 2 });
    expect(list.total).toBe(5);
    expect(list.items[0]!.id).toBe(created.id);
    expect(list.pageCount).toBe(3);
    expect((await alice.tickets.list({ status: 'resolved', page: 1, pageSize: 20 })).items.map((item) => item.reference)).toEqual(['KM-T-10298']);
    // A cluster of another organisation cannot be named.
    await expect(gabriel.tickets.create({ ...newTicket, clusterId: 'clu_demo_webshop' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Cluster not found.' });
  });

  it('serves an attachment only to those who may read it (404 otherwise), with its own type and name', async () => {
    const { as } = await setup();
    const alice = await as('alice');
    const ticket = await alice.tickets.create(newTicket);
    const after = await alice.tickets.uploadAttachments({ id: ticket.id, body: 'Screenshot attached', files: [{ filename: 'écran 1.png', contentType: 'image/png', bytes: PNG }] });
    const [attachment] = after.messages.at(-1)!.attachments;
    expect(attachment).toMatchObject({ filename: 'écran 1.png', contentType: 'image/png', sizeBytes: PNG.byteLength });
    const file = await (await as('vera')).tickets.attachment({ id: ticket.id, attachmentId: attachment!.id });
    expect(file).toMatchObject({ filename: 'écran 1.png', contentType: 'image/png' });
    expect(Uint8Array.from(atob(file.contentBase64), (char) => char.charCodeAt(0))).toEqual(PNG);

    // Globex, with its own ticket id and Acme's attachment id: not found.
    const gabriel = await as('gabriel');
    const own = await gabriel.tickets.create(newTicket);
    await expect(gabriel.tickets.attachment({ id: own.id, attachmentId: attachment!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(gabriel.tickets.attachment({ id: ticket.id, attachmentId: attachment!.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    // A file on an internal note: staff read it, the customer cannot even find it.
    const olivia = await as('olivia');
    const staffView = await olivia.tickets.staffUploadAttachments({ id: ticket.id, internal: true, body: 'LB trace', files: [{ filename: 'trace.json', contentType: 'application/json', bytes: text('{"lb":"legacy"}') }] });
    const internalFile = staffView.messages.at(-1)!.attachments[0]!;
    expect((await olivia.tickets.staffAttachment({ id: ticket.id, attachmentId: internalFile.id })).contentType).toBe('application/json; charset=utf-8');
    await expect(alice.tickets.attachment({ id: ticket.id, attachmentId: internalFile.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses a disallowed type, a disguised file, an oversized file and a sixth file with a clear 4xx, storing nothing', async () => {
    const { as, files, db } = await setup();
    const alice = await as('alice');
    const ticket = await alice.tickets.create(newTicket);
    const before = await db.$count(ticketMessages, eq(ticketMessages.ticketId, ticket.id));
    await expect(alice.tickets.uploadAttachments({ id: ticket.id, files: [{ filename: 'fix.sh', contentType: 'text/x-shellscript', bytes: text('rm -rf /') }] })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'fix.sh: this type of file cannot be attached. Allowed: PNG, JPEG, GIF or WebP images, PDF, text (.txt, .log), YAML or JSON.',
    });
    // One good file and one disguised one: the whole message is refused, the good file too.
    await expect(
      alice.tickets.uploadAttachments({
        id: ticket.id,
        files: [
          { filename: 'ok.log', contentType: 'text/plain', bytes: text('fine') },
          { filename: 'photo.jpg', contentType: 'image/jpeg', bytes: PNG },
        ],
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('photo.jpg is not a JPEG file') });
    const oversized = new Uint8Array(10 * 1024 * 1024 + 1);
    oversized.set(PNG);
    await expect(alice.tickets.uploadAttachments({ id: ticket.id, files: [{ filename: 'huge.png', contentType: 'image/png', bytes: oversized }] })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'huge.png is larger than 10 MB, the limit for one attachment.',
    });
    const six = Array.from({ length: 6 }, (_, index) => ({ filename: `part-${index}.txt`, contentType: 'text/plain', bytes: text('x') }));
    await expect(alice.tickets.uploadAttachments({ id: ticket.id, files: six })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('At most 5 files per message.') });
    expect(files.objects.size).toBe(0);
    expect(await db.$count(ticketMessages, eq(ticketMessages.ticketId, ticket.id))).toBe(before);
  });
});

describe('tickets: SLA and plans', () => {
  it('computes the first-response due time from the plan with the injected clock, and flags the breach', async () => {
    const { as, clock } = await setup();
    const alice = await as('alice');
    // Acme is on Business: P2 first response within 240 business minutes, i.e. 14:00 in Paris.
    const late = await alice.tickets.create(newTicket);
    expect(late.sla).toMatchObject({ planId: 'support_business', dueKind: 'first_response', dueAt: Date.UTC(2026, 10, 23, 13), breached: false, firstResponseMet: null });
    const olivia = await as('olivia');
    const onTime = await alice.tickets.create({ ...newTicket, subject: 'Second question' });
    clock.advance(60 * MINUTE_MS);
    await olivia.tickets.staffReply({ id: onTime.id, body: 'Looking into it.' });

    clock.advance(3 * 60 * MINUTE_MS + MINUTE_MS);
    expect((await alice.tickets.get({ id: late.id })).sla).toMatchObject({ breached: true, firstResponseMet: false });
    expect((await alice.tickets.get({ id: onTime.id })).sla).toMatchObject({ breached: false, firstResponseMet: true, dueKind: null });
    const breached = await olivia.tickets.staffQueue({ sla: 'breached', page: 1, pageSize: 50 });
    expect(breached.items.map((item) => item.id)).toContain(late.id);
    expect(breached.items.map((item) => item.id)).not.toContain(onTime.id);
    // The seeded ticket past its target is breached too; the queue is sorted by what is due first.
    expect(breached.items.map((item) => item.id)).toContain('tkt_demo_acme_nodes');
    const dues = breached.items.map((item) => item.sla.dueAt!);
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    expect((await olivia.tickets.staffQueue({ sla: 'due', page: 1, pageSize: 50 })).items.map((item) => item.id)).not.toContain(late.id);

    // The customer answers: support owes an update within the Business cadence for P2 (480 business minutes).
    await alice.tickets.reply({ id: onTime.id, body: 'Thanks, here is more detail.' });
    const waiting = await alice.tickets.get({ id: onTime.id });
    expect(waiting).toMatchObject({ status: 'awaiting_support', sla: { dueKind: 'update', breached: false } });
    // 14:01 Paris + 480 business minutes: 4 h on Monday until 18:00, then 4 h on Tuesday, 12:01 Paris.
    expect(waiting.sla.dueAt).toBe(Date.UTC(2026, 10, 24, 11, 1));
  });

  it('refuses P1 on a plan without it, naming the plan that adds it', async () => {
    const { as, db } = await setup();
    // Basic without P1 (staff may edit the catalogue so); Globex has no support order, so Basic applies.
    await db.update(supportPlans).set({ p1ResponseMinutes: null }).where(eq(supportPlans.id, 'support_basic'));
    const gabriel = await as('gabriel');
    await expect(gabriel.tickets.create({ ...newTicket, severity: 'P1' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'P1 (critical outage) is not included in the Basic support plan. The Business plan adds it (Orders → Support). Choose P2 to be answered within your plan\'s targets.',
    });
    const options = await gabriel.tickets.options();
    expect(options.plan).toEqual({ id: 'support_basic', name: 'Basic', hours: 'business' });
    expect(options.severities.find((item) => item.severity === 'P1')).toMatchObject({ available: false, responseMinutes: null });
    expect(options.p1UpgradePlan).toEqual({ id: 'support_business', name: 'Business' });
    // Acme's Business plan includes it: due within 60 business minutes.
    const alice = await as('alice');
    expect((await alice.tickets.options()).severities[0]).toMatchObject({ severity: 'P1', available: true, responseMinutes: 60 });
    expect((await alice.tickets.create({ ...newTicket, severity: 'P1' })).sla.dueAt).toBe(MONDAY_10_PARIS + 60 * MINUTE_MS);
  });
});

describe('tickets: lifecycle', () => {
  it('reopens within 14 days of resolution, and refuses after with a clear message', async () => {
    const { as, clock } = await setup();
    const alice = await as('alice');
    const olivia = await as('olivia');
    const ticket = await alice.tickets.create(newTicket);
    await olivia.tickets.staffReply({ id: ticket.id, body: 'Fixed on our side.', status: 'resolved' });
    const resolved = await alice.tickets.get({ id: ticket.id });
    expect(resolved).toMatchObject({ status: 'resolved', reopenableUntil: MONDAY_10_PARIS + 14 * DAY_MS });
    await expect(alice.tickets.reply({ id: ticket.id, body: 'Still broken' })).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'This ticket is resolved. Reopen it to reply.' });

    clock.advance(14 * DAY_MS);
    const reopened = await alice.tickets.reopen({ id: ticket.id, body: 'It is back.' });
    expect(reopened).toMatchObject({ status: 'awaiting_support', reopenableUntil: null, resolvedAt: null });
    expect(reopened.messages.slice(-2).map((message) => [message.kind, message.body])).toEqual([
      ['status_change', 'Alice Martin reopened the ticket.'],
      ['reply', 'It is back.'],
    ]);

    const closed = await alice.tickets.close({ id: ticket.id });
    expect(closed.status).toBe('closed');
    clock.advance(14 * DAY_MS + MINUTE_MS);
    await expect(alice.tickets.reopen({ id: ticket.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: `This ticket ended on 2026-12-07; tickets can be reopened within 14 days. Open a new ticket and mention ${ticket.reference}.`,
    });
  });

  it('lets staff take, re-grade and merge duplicates: the duplicate closes with a pointer and stays readable', async () => {
    const { as, db } = await setup();
    const alice = await as('alice');
    const olivia = await as('olivia');
    const first = await alice.tickets.create(newTicket);
    const duplicate = await alice.tickets.create({ ...newTicket, subject: 'Image pulls failing (again)' });
    await alice.tickets.reply({ id: duplicate.id, body: 'Same on staging.' });
    expect((await olivia.tickets.staffAssign({ id: first.id, assigneeUserId: 'usr_demo_olivia' })).assigneeUserId).toBe('usr_demo_olivia');
    await expect(olivia.tickets.staffAssign({ id: first.id, assigneeUserId: 'usr_demo_alice' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    const regraded = await olivia.tickets.staffUpdate({ id: first.id, severity: 'P3', category: 'incident' });
    expect(regraded).toMatchObject({ severity: 'P3', category: 'incident' });
    expect(regraded.messages.at(-1)).toMatchObject({ kind: 'status_change', body: 'Severity changed from P2 to P3. Category changed from Technical to Incident.' });

    const merged = await olivia.tickets.staffMerge({ id: duplicate.id, intoId: first.id });
    expect(merged.duplicates).toEqual([{ id: duplicate.id, reference: duplicate.reference }]);
    const closedDuplicate = await alice.tickets.get({ id: duplicate.id });
    expect(closedDuplicate).toMatchObject({ status: 'closed', mergedInto: { id: first.id, reference: first.reference }, reopenableUntil: null });
    expect(closedDuplicate.messages.map((message) => message.body)).toEqual(['Same on staging.', `Merged into ${first.reference}; the conversation continues there.`]);
    await expect(alice.tickets.reopen({ id: duplicate.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    // Tickets of different organisations are never merged.
    const globexTicket = await (await as('gabriel')).tickets.create(newTicket);
    await expect(olivia.tickets.staffMerge({ id: globexTicket.id, intoId: first.id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect((await db.select().from(tickets).where(eq(tickets.id, globexTicket.id)))[0]!.mergedIntoId).toBeNull();
  });

  it('notifies and emails the requester on staff replies and status changes, and the assignee on customer replies', async () => {
    const { as, db, mailer } = await setup();
    const alice = await as('alice');
    const olivia = await as('olivia');
    const ticket = await alice.tickets.create(newTicket);
    await olivia.tickets.staffAssign({ id: ticket.id, assigneeUserId: 'usr_demo_olivia' });
    await olivia.tickets.staffReply({ id: ticket.id, body: 'Which registry do you pull from?' });
    await alice.tickets.reply({ id: ticket.id, body: 'Our Harbor at registry.acme.example.' });
    await olivia.tickets.staffUpdate({ id: ticket.id, status: 'resolved' });

    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      ['alice@acme.example', `[${ticket.reference}] New reply from support: Pods cannot pull images`],
      ['olivia@kubemarket.example', `[${ticket.reference}] Alice Martin replied: Pods cannot pull images`],
      ['alice@acme.example', `[${ticket.reference}] Resolved: Pods cannot pull images`],
    ]);
    expect(mailer.sent[0]!.text).toContain('Which registry do you pull from?');
    expect(mailer.sent[0]!.text).toContain(`https://console.example.eu/support/tickets/${ticket.id}`);
    const toAlice = await db.select().from(notifications).where(eq(notifications.userId, 'usr_demo_alice'));
    expect(toAlice.map((row) => row.message)).toEqual(
      expect.arrayContaining([`Support replied on ${ticket.reference}: Pods cannot pull images`, `${ticket.reference} is now resolved: Pods cannot pull images`]),
    );
    const toOlivia = await db.select().from(notifications).where(and(eq(notifications.userId, 'usr_demo_olivia')));
    expect(toOlivia.map((row) => row.message)).toContain(`Alice Martin replied on ${ticket.reference}: Pods cannot pull images`);
  });
});

describe('tickets: public submission', () => {
  it('keeps an unconfirmed request out of the staff queue until the emailed link confirms it, then tracks and replies by link', async () => {
    const { as, anonymous, mailer } = await setup();
    const olivia = await as('olivia');
    const submitted = await anonymous.tickets.submitPublic({ name: 'Jo Visitor', email: 'Jo@Example.org', subject: 'Do you support ARM nodes?', description: 'We run Graviton today and want to move.', category: 'technical', severity: 'P3' });
    expect(submitted).toEqual({ reference: expect.stringMatching(/^KM-T-\d{5}$/), confirmationSent: true });
    const queue = async () => (await olivia.tickets.staffQueue({ page: 1, pageSize: 100 })).items.map((item) => item.reference);
    expect(await queue()).not.toContain(submitted.reference);
    await expect(anonymous.tickets.track({ reference: submitted.reference, email: 'jo@example.org' })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const confirmation = mailer.sent.at(-1)!;
    expect(confirmation.to).toBe('jo@example.org');
    // The mail repeats the reference and subject, not the visitor's description.
    expect(confirmation.text).not.toContain('Graviton');
    const token = /#confirm=([\w-]+)/.exec(confirmation.text)![1]!;
    const confirmed = await anonymous.tickets.confirmPublic({ token });
    expect(confirmed).toMatchObject({ reference: submitted.reference, confirmed: true });
    await expect(anonymous.tickets.confirmPublic({ token })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(await queue()).toContain(submitted.reference);

    const tracked = await anonymous.tickets.track({ reference: submitted.reference.toLowerCase(), email: 'JO@example.org' });
    expect(tracked).toMatchObject({ subject: 'Do you support ARM nodes?', status: 'open', canReply: false });
    await expect(anonymous.tickets.track({ reference: submitted.reference, email: 'someone@else.org' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await anonymous.tickets.publicThread({ token: confirmed.accessToken })).toMatchObject({ canReply: true });

    const queued = (await olivia.tickets.staffQueue({ page: 1, pageSize: 100 })).items.find((item) => item.reference === submitted.reference)!;
    await olivia.tickets.staffReply({ id: queued.id, body: 'Yes: arm64 flavours exist in fr-par-1.' });
    const replyMail = mailer.sent.at(-1)!;
    const replyToken = /#token=([\w-]+)/.exec(replyMail.text)![1]!;
    // Each email carries a fresh link; the previous one stops working.
    await expect(anonymous.tickets.publicThread({ token: confirmed.accessToken })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const answered = await anonymous.tickets.publicReply({ token: replyToken, body: 'Great, thank you!' });
    expect(answered.messages.map((message) => [message.fromStaff, message.body])).toEqual([
      [true, 'Yes: arm64 flavours exist in fr-par-1.'],
      [false, 'Great, thank you!'],
    ]);
    expect(answered.status).toBe('awaiting_support');
  });
});

describe('tickets: internal notes', () => {
  it('never appear in a customer answer, a visitor answer or an email', async () => {
    const { as, anonymous, mailer } = await setup();
    const alice = await as('alice');
    const olivia = await as('olivia');
    const ticket = await alice.tickets.create(newTicket);
    await olivia.tickets.staffNote({ id: ticket.id, body: SECRET });
    await olivia.tickets.staffUploadAttachments({ id: ticket.id, internal: true, body: SECRET, files: [{ filename: 'secret-trace.log', contentType: 'text/plain', bytes: text(SECRET) }] });
    await olivia.tickets.staffReply({ id: ticket.id, body: 'We are on it.' });
    await olivia.tickets.staffUpdate({ id: ticket.id, status: 'resolved' });

    // Staff see the notes.
    expect(JSON.stringify(await olivia.tickets.staffGet({ id: ticket.id }))).toContain(SECRET);
    // The customer's tRPC answers (each of them is also the REST body: the adapter serialises them as they are).
    const customerAnswers = [
      await alice.tickets.get({ id: ticket.id }),
      await alice.tickets.list({ page: 1, pageSize: 50 }),
      await alice.tickets.reopen({ id: ticket.id }),
      await alice.tickets.reply({ id: ticket.id, body: 'ok' }),
      await alice.tickets.close({ id: ticket.id }),
    ];
    for (const answer of customerAnswers) {
      expect(JSON.stringify(answer)).not.toContain('INTERNAL-ONLY');
      expect(JSON.stringify(answer)).not.toContain('secret-trace.log');
      expect(JSON.stringify(answer)).not.toContain('internal_note');
    }
    for (const mail of mailer.sent) expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain('INTERNAL-ONLY');

    // The same for a visitor's ticket read by reference or by link.
    await anonymous.tickets.submitPublic({ name: 'Sam', email: 'sam@example.org', subject: 'Billing question', description: 'Can we pay by bank transfer?', category: 'billing', severity: 'P4' });
    const token = /#confirm=([\w-]+)/.exec(mailer.sent.at(-1)!.text)![1]!;
    const { reference, accessToken } = await anonymous.tickets.confirmPublic({ token });
    const visitorTicket = (await olivia.tickets.staffQueue({ page: 1, pageSize: 100 })).items.find((item) => item.reference === reference)!;
    await olivia.tickets.staffNote({ id: visitorTicket.id, body: SECRET });
    for (const answer of [await anonymous.tickets.track({ reference, email: 'sam@example.org' }), await anonymous.tickets.publicThread({ token: accessToken })]) {
      expect(JSON.stringify(answer)).not.toContain('INTERNAL-ONLY');
    }
    await olivia.tickets.staffReply({ id: visitorTicket.id, body: 'Yes, once invoicing is enabled.' });
    expect(mailer.sent.at(-1)!.text).not.toContain('INTERNAL-ONLY');
  });
});

describe('tickets: the staff queue filters', () => {
  /**
   * The seeded tickets (4 of Acme, 1 public request) beside 5 new ones of Acme and Globex, each
   * filter value picking a different subset:
   *
   * | ticket          | organisation | status            | severity | category  | assignee |
   * | seed ingress    | Acme         | open              | P2       | technical | —        |
   * | seed invoice    | Acme         | awaiting_customer | P3       | billing   | Olivia   |
   * | seed nodes      | Acme         | open              | P2       | incident  | Olivia   |
   * | seed sso        | Acme         | resolved          | P4       | account   | Olivia   |
   * | seed pricing    | (public)     | open              | P3       | technical | —        |
   * | acmeOutage      | Acme         | open              | P1       | incident  | Olivia   |
   * | acmeInvoice     | Acme         | resolved          | P3       | billing   | Olivia   |
   * | acmeAccess      | Acme         | closed            | P4       | account   | —        |
   * | globexPods      | Globex       | open              | P2       | technical | Adam     |
   * | globexRefund    | Globex       | awaiting_customer | P3       | billing   | —        |
   *
   * and an unconfirmed public request (P3, technical, open, unassigned) that no filter returns.
   */
  async function queueSetup() {
    const { as, anonymous, mailer, clock } = await setup();
    const alice = await as('alice');
    const gabriel = await as('gabriel');
    const olivia = await as('olivia');
    const acmeOutage = await alice.tickets.create({ ...newTicket, subject: 'webshop-prod is down', category: 'incident', severity: 'P1', clusterId: 'clu_demo_webshop' });
    const acmeInvoice = await alice.tickets.create({ ...newTicket, subject: 'Invoice in the wrong currency', category: 'billing', severity: 'P3' });
    const acmeAccess = await alice.tickets.create({ ...newTicket, subject: 'Cannot invite a new member', category: 'account', severity: 'P4' });
    const globexPods = await gabriel.tickets.create({ ...newTicket, category: 'technical', severity: 'P2' });
    const globexRefund = await gabriel.tickets.create({ ...newTicket, subject: 'Refund of a cancelled order', category: 'billing', severity: 'P3' });
    await olivia.tickets.staffAssign({ id: acmeOutage.id, assigneeUserId: 'usr_demo_olivia' });
    // A staff reply assigns the ticket to its author when nobody has it.
    await olivia.tickets.staffReply({ id: acmeInvoice.id, body: 'Corrected: the invoice is in EUR now.', status: 'resolved' });
    // A minute later (the queue orders tickets owing nothing by their last update, newest first).
    clock.advance(MINUTE_MS);
    await alice.tickets.close({ id: acmeAccess.id });
    await olivia.tickets.staffAssign({ id: globexPods.id, assigneeUserId: 'usr_demo_adam' });
    await olivia.tickets.staffUpdate({ id: globexRefund.id, status: 'awaiting_customer' });
    const unconfirmed = await anonymous.tickets.submitPublic({ name: 'Robin', email: 'robin@example.org', subject: 'Do you offer GPUs?', description: 'We would need GPU nodes for inference.', category: 'technical', severity: 'P3' });
    expect(mailer.sent.at(-1)!.to).toBe('robin@example.org');

    const ids = {
      ingress: 'tkt_demo_acme_ingress',
      invoice: 'tkt_demo_acme_invoice',
      nodes: 'tkt_demo_acme_nodes',
      sso: 'tkt_demo_acme_sso',
      pricing: 'tkt_demo_public_pricing',
      acmeOutage: acmeOutage.id,
      acmeInvoice: acmeInvoice.id,
      acmeAccess: acmeAccess.id,
      globexPods: globexPods.id,
      globexRefund: globexRefund.id,
    };
    type Filters = Omit<Parameters<typeof olivia.tickets.staffQueue>[0] & object, 'page' | 'pageSize'>;
    /** The names of the tickets one filter returns (all on one page), sorted, and checks the total agrees. */
    const queue = async (filters: Filters) => {
      const page = await olivia.tickets.staffQueue({ ...filters, page: 1, pageSize: 100 });
      expect(page.total).toBe(page.items.length);
      expect(page.items.map((item) => item.reference)).not.toContain(unconfirmed.reference);
      const names = Object.fromEntries(Object.entries(ids).map(([name, id]) => [id, name]));
      return page.items.map((item) => names[item.id] ?? item.reference).sort();
    };
    return { olivia, ids, queue };
  }

  it('filters by status', async () => {
    const { queue } = await queueSetup();
    expect(await queue({})).toEqual(['acmeAccess', 'acmeInvoice', 'acmeOutage', 'globexPods', 'globexRefund', 'ingress', 'invoice', 'nodes', 'pricing', 'sso']);
    expect(await queue({ status: 'open' })).toEqual(['acmeOutage', 'globexPods', 'ingress', 'nodes', 'pricing']);
    expect(await queue({ status: 'awaiting_customer' })).toEqual(['globexRefund', 'invoice']);
    expect(await queue({ status: 'awaiting_support' })).toEqual([]);
    expect(await queue({ status: 'resolved' })).toEqual(['acmeInvoice', 'sso']);
    expect(await queue({ status: 'closed' })).toEqual(['acmeAccess']);
  });

  it('filters by severity', async () => {
    const { queue } = await queueSetup();
    expect(await queue({ severity: 'P1' })).toEqual(['acmeOutage']);
    expect(await queue({ severity: 'P2' })).toEqual(['globexPods', 'ingress', 'nodes']);
    expect(await queue({ severity: 'P3' })).toEqual(['acmeInvoice', 'globexRefund', 'invoice', 'pricing']);
    expect(await queue({ severity: 'P4' })).toEqual(['acmeAccess', 'sso']);
  });

  it('filters by category', async () => {
    const { queue } = await queueSetup();
    expect(await queue({ category: 'technical' })).toEqual(['globexPods', 'ingress', 'pricing']);
    expect(await queue({ category: 'billing' })).toEqual(['acmeInvoice', 'globexRefund', 'invoice']);
    expect(await queue({ category: 'account' })).toEqual(['acmeAccess', 'sso']);
    expect(await queue({ category: 'incident' })).toEqual(['acmeOutage', 'nodes']);
  });

  it('filters by organisation', async () => {
    const { queue } = await queueSetup();
    expect(await queue({ organizationId: 'org_demo_acme' })).toEqual(['acmeAccess', 'acmeInvoice', 'acmeOutage', 'ingress', 'invoice', 'nodes', 'sso']);
    expect(await queue({ organizationId: 'org_demo_globex' })).toEqual(['globexPods', 'globexRefund']);
    // An organisation without tickets, and an id that is no organisation's.
    expect(await queue({ organizationId: 'org_demo_initech' })).toEqual([]);
    expect(await queue({ organizationId: 'org_does_not_exist' })).toEqual([]);
  });

  it('filters by assignee, "unassigned" included', async () => {
    const { queue } = await queueSetup();
    expect(await queue({ assigneeUserId: 'usr_demo_olivia' })).toEqual(['acmeInvoice', 'acmeOutage', 'invoice', 'nodes', 'sso']);
    expect(await queue({ assigneeUserId: 'usr_demo_adam' })).toEqual(['globexPods']);
    expect(await queue({ assigneeUserId: 'unassigned' })).toEqual(['acmeAccess', 'globexRefund', 'ingress', 'pricing']);
    expect(await queue({ assigneeUserId: 'usr_demo_sophie' })).toEqual([]);
  });

  it('combines filters, and pages through a filtered queue in its order without gaps or repeats', async () => {
    const { olivia, ids, queue } = await queueSetup();
    expect(await queue({ organizationId: 'org_demo_acme', status: 'open' })).toEqual(['acmeOutage', 'ingress', 'nodes']);
    expect(await queue({ organizationId: 'org_demo_acme', assigneeUserId: 'usr_demo_olivia', category: 'incident' })).toEqual(['acmeOutage', 'nodes']);
    expect(await queue({ severity: 'P3', assigneeUserId: 'unassigned' })).toEqual(['globexRefund', 'pricing']);
    expect(await queue({ category: 'billing', status: 'awaiting_customer', organizationId: 'org_demo_globex' })).toEqual(['globexRefund']);
    expect(await queue({ severity: 'P1', organizationId: 'org_demo_globex' })).toEqual([]);

    // Acme's 7 tickets, 3 a page: those owing something, the soonest due first (the seeded ones,
    // seeded at time 0, before the P1 opened in 2026), then those owing nothing, the most recently
    // updated first (closed a minute after the other was resolved; the seeded ones long before).
    const all = await olivia.tickets.staffQueue({ organizationId: 'org_demo_acme', page: 1, pageSize: 100 });
    expect(all.items.map((item) => item.id)).toEqual([ids.nodes, ids.ingress, ids.acmeOutage, ids.acmeAccess, ids.acmeInvoice, ids.invoice, ids.sso]);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await olivia.tickets.staffQueue({ organizationId: 'org_demo_acme', page, pageSize: 3 }));
    expect(pages.map((page) => [page.page, page.pageSize, page.total, page.pageCount, page.items.length])).toEqual([
      [1, 3, 7, 3, 3],
      [2, 3, 7, 3, 3],
      [3, 3, 7, 3, 1],
    ]);
    expect(pages.flatMap((page) => page.items.map((item) => item.id))).toEqual(all.items.map((item) => item.id));
    const beyond = await olivia.tickets.staffQueue({ organizationId: 'org_demo_acme', page: 4, pageSize: 3 });
    expect([beyond.items, beyond.total, beyond.pageCount]).toEqual([[], 7, 3]);

    // Filters and pages together, across organisations.
    const mine = await olivia.tickets.staffQueue({ assigneeUserId: 'usr_demo_olivia', severity: 'P2', page: 1, pageSize: 1 });
    expect([mine.items.map((item) => item.id), mine.total, mine.pageCount]).toEqual([[ids.nodes], 1, 1]);
    const unassignedPage2 = await olivia.tickets.staffQueue({ assigneeUserId: 'unassigned', page: 2, pageSize: 2 });
    const unassignedAll = await olivia.tickets.staffQueue({ assigneeUserId: 'unassigned', page: 1, pageSize: 100 });
    expect(unassignedAll.total).toBe(4);
    expect([unassignedPage2.total, unassignedPage2.pageCount]).toEqual([4, 2]);
    expect(unassignedPage2.items.map((item) => item.id)).toEqual(unassignedAll.items.slice(2, 4).map((item) => item.id));
  });
});
