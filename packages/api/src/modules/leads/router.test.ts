import { leads } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicErrorMessage } from '../../errors';
import { createCaller } from '../../root';
import { createTestCaller, memoryMailer } from '../../testing';

const valid = { kind: 'contact_sales' as const, name: 'Jeanne Petit', email: 'Jeanne.Petit@Example.FR' };

async function setup(ipAddress = '192.0.2.10') {
  const mailer = memoryMailer();
  const { caller, db } = await createTestCaller({ ports: { mailer, clock: { now: () => 5_000 } }, request: { ipAddress } });
  return { caller, db, mailer };
}

describe('leads.submit', () => {
  it('stores the request and mails an acknowledgement', async () => {
    const { caller, db, mailer } = await setup();
    const result = await caller.leads.submit({
      ...valid,
      kind: 'workload_migration',
      company: '  Petit & Fils SAS ',
      phone: '+33 1 23 45 67 89',
      message: 'We run 40 services on EKS and want to move to an EU provider.',
      details: { currentProvider: 'AWS EKS', clusters: 3, needsHds: true },
    });
    expect(result).toEqual({ id: expect.stringMatching(/^lead_[a-z0-9]{20}$/), received: true });
    const [row] = await db.select().from(leads).where(eq(leads.id, result.id));
    expect(row).toEqual({
      id: result.id,
      kind: 'workload_migration',
      name: 'Jeanne Petit',
      email: 'jeanne.petit@example.fr',
      company: 'Petit & Fils SAS',
      phone: '+33 1 23 45 67 89',
      message: 'We run 40 services on EKS and want to move to an EU provider.',
      details: { currentProvider: 'AWS EKS', clusters: 3, needsHds: true },
      ip: '192.0.2.10',
      createdAt: 5_000,
    });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: 'jeanne.petit@example.fr', subject: 'We received your migration request — KubeMarket' });
    expect(mailer.sent[0]!.text).toContain(`Your reference: ${result.id}.`);
    // The form's own text is not echoed to the address it names.
    expect(mailer.sent[0]!.text).not.toContain('EKS');
  });

  it('accepts every form kind and treats blank optional fields as absent', async () => {
    const { caller, db } = await setup();
    for (const kind of ['contact_sales', 'schedule_demo', 'custom_quote', 'workload_migration', 'contact'] as const) {
      await caller.leads.submit({ kind, name: 'Ana', email: `ana+${kind}@example.com`, company: '', phone: ' ', message: '' });
    }
    const rows = await db.select().from(leads);
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.company === null && row.phone === null && row.message === null && row.details === null)).toBe(true);
  });

  it('keeps the lead when the mail cannot be sent', async () => {
    const { caller, db } = await createTestCaller({ ports: { mailer: { send: () => Promise.reject(new Error('mail API down')) } } });
    await expect(caller.leads.submit(valid)).resolves.toMatchObject({ received: true });
    expect(await db.select().from(leads)).toHaveLength(1);
  });

  it.each([
    [{ ...valid, email: 'not-an-email' }, 'email: Enter a valid email address.'],
    [{ ...valid, name: '   ' }, 'name: Name is required.'],
    [{ ...valid, name: 'x'.repeat(101) }, 'name: Name must be at most 100 characters.'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'message: Message must be at most 5000 characters.'],
    [{ ...valid, company: 'x'.repeat(121) }, 'company: Company must be at most 120 characters.'],
    [{ ...valid, phone: 'call me maybe' }, 'phone: Enter a valid phone number, e.g. +33 1 23 45 67 89.'],
    [{ ...valid, phone: '12' }, 'phone: Enter a valid phone number, e.g. +33 1 23 45 67 89.'],
    [{ ...valid, kind: 'spam' }, 'kind: Kind must be one of: contact_sales, schedule_demo, custom_quote, workload_migration, contact.'],
    [{ ...valid, details: { nested: { a: 1 } } }, 'details.nested: Detail values must be text, numbers or true/false.'],
    [{ ...valid, details: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`k${i}`, i])) }, 'details: At most 40 details can be sent.'],
  ])('refuses bad input with a readable message (%#)', async (input, message) => {
    const { caller } = await setup();
    const error = await caller.leads.submit(input as typeof valid).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'BAD_REQUEST' });
    expect(publicErrorMessage(error as never)).toBe(message);
  });

  it('accepts the usual phone formats', async () => {
    const { caller } = await setup();
    for (const phone of ['+33 1 23 45 67 89', '(030) 1234-567', '+49.30.901820', '0612345678']) {
      await expect(caller.leads.submit({ ...valid, email: `p${phone.length}@example.com`, phone })).resolves.toMatchObject({ received: true });
    }
  });

  it('limits submissions per address to 10 an hour', async () => {
    const { caller } = await setup('198.51.100.1');
    for (let i = 0; i < 10; i += 1) await caller.leads.submit({ ...valid, email: `visitor${i}@example.com` });
    await expect(caller.leads.submit({ ...valid, email: 'visitor10@example.com' })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many attempts. Please try again in 60 minutes.',
    });
  });

  it('limits submissions per email to 5 an hour, from any address', async () => {
    const mailer = memoryMailer();
    const { ctx } = await createTestCaller({ ports: { mailer } });
    const from = (ipAddress: string) => createCaller({ ...ctx, request: { ...ctx.request, ipAddress } });
    for (let i = 0; i < 5; i += 1) await from(`203.0.113.${i}`).leads.submit(valid);
    await expect(from('203.0.113.99').leads.submit(valid)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(mailer.sent).toHaveLength(5);
  });
});
