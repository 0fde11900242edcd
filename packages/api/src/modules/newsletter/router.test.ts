import { newsletterSubscriptions } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestCaller, manualClock, memoryMailer } from '../../testing';
import { NEWSLETTER_CONFIRM_TTL_MS } from './router';

const APP = 'https://console.example.eu';

async function setup() {
  const mailer = memoryMailer();
  const clock = manualClock(1_000_000);
  const { caller, db } = await createTestCaller({ ports: { mailer, clock }, request: { appUrl: APP, ipAddress: '192.0.2.50' } });
  const linkIn = (index: number, param: 'token' | 'unsubscribe') => {
    const match = mailer.sent[index]?.text.match(new RegExp(`${APP}/newsletter\\?${param}=([\\w-]+)`));
    if (!match) throw new Error(`Mail ${index} has no ${param} link`);
    return match[1]!;
  };
  return { caller, db, mailer, clock, linkIn };
}

describe('newsletter double opt-in', () => {
  it('mails a confirmation link, confirms once, then mails the unsubscribe link', async () => {
    const { caller, db, mailer, linkIn } = await setup();
    await expect(caller.newsletter.subscribe({ email: ' Reader@Example.com ' })).resolves.toEqual({ sent: true });
    expect(mailer.sent[0]).toMatchObject({ to: 'reader@example.com', subject: 'Confirm your KubeMarket newsletter subscription' });
    const [pending] = await db.select().from(newsletterSubscriptions);
    expect(pending).toMatchObject({ email: 'reader@example.com', status: 'pending', confirmedAt: null });
    // Only the hash is stored.
    expect(pending!.tokenHash).not.toContain(linkIn(0, 'token'));

    const token = linkIn(0, 'token');
    await expect(caller.newsletter.confirm({ token })).resolves.toEqual({ confirmed: true, email: 'reader@example.com' });
    await expect(caller.newsletter.confirm({ token })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This confirmation link is invalid or has expired. Subscribe again to get a new one.',
    });
    const [confirmed] = await db.select().from(newsletterSubscriptions);
    expect(confirmed).toMatchObject({ status: 'confirmed', confirmedAt: 1_000_000, tokenHash: null });
    expect(mailer.sent[1]).toMatchObject({ to: 'reader@example.com', subject: 'You are subscribed to the KubeMarket newsletter' });

    const unsubscribe = linkIn(1, 'unsubscribe');
    await expect(caller.newsletter.unsubscribe({ token: unsubscribe })).resolves.toEqual({ unsubscribed: true, email: 'reader@example.com' });
    // The address is erased; a second click on the same link is harmless.
    const [gone] = await db.select().from(newsletterSubscriptions);
    expect(gone).toMatchObject({ status: 'unsubscribed', email: `erased:${gone!.id}`, confirmedAt: null });
    await expect(caller.newsletter.unsubscribe({ token: unsubscribe })).resolves.toEqual({ unsubscribed: true, email: null });
  });

  it('expires the confirmation link after 48 hours', async () => {
    const { caller, clock, linkIn } = await setup();
    await caller.newsletter.subscribe({ email: 'late@example.com' });
    clock.advance(NEWSLETTER_CONFIRM_TTL_MS);
    await expect(caller.newsletter.confirm({ token: linkIn(0, 'token') })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('answers the same for a confirmed address, without mailing it again', async () => {
    const { caller, mailer, linkIn } = await setup();
    await caller.newsletter.subscribe({ email: 'fan@example.com' });
    await caller.newsletter.confirm({ token: linkIn(0, 'token') });
    await expect(caller.newsletter.subscribe({ email: 'fan@example.com' })).resolves.toEqual({ sent: true });
    expect(mailer.sent).toHaveLength(2);
  });

  it('replaces the link on a second request, and lets an unsubscribed reader come back', async () => {
    const { caller, db, linkIn } = await setup();
    await caller.newsletter.subscribe({ email: 'twice@example.com' });
    await caller.newsletter.subscribe({ email: 'twice@example.com' });
    await expect(caller.newsletter.confirm({ token: linkIn(0, 'token') })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await caller.newsletter.confirm({ token: linkIn(1, 'token') });
    await caller.newsletter.unsubscribe({ token: linkIn(2, 'unsubscribe') });

    await caller.newsletter.subscribe({ email: 'twice@example.com' });
    await expect(caller.newsletter.confirm({ token: linkIn(3, 'token') })).resolves.toEqual({ confirmed: true, email: 'twice@example.com' });
    const rows = await db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'twice@example.com'));
    expect(rows).toMatchObject([{ status: 'confirmed' }]);
  });

  it('refuses unknown and malformed tokens', async () => {
    const { caller } = await setup();
    await expect(caller.newsletter.unsubscribe({ token: 'a'.repeat(43) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This unsubscribe link is invalid. Use the link of your latest newsletter email.',
    });
    await expect(caller.newsletter.confirm({ token: 'short' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.newsletter.subscribe({ email: 'nope' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('limits confirmation mails to 3 an hour per address and 10 per network address', async () => {
    const { caller, mailer, clock } = await setup();
    for (let i = 0; i < 3; i += 1) await caller.newsletter.subscribe({ email: 'target@example.com' });
    await expect(caller.newsletter.subscribe({ email: 'target@example.com' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    for (let i = 0; i < 6; i += 1) await caller.newsletter.subscribe({ email: `other${i}@example.com` });
    // The refused attempt counted against the network address too: that makes 10.
    await expect(caller.newsletter.subscribe({ email: 'other9@example.com' })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(mailer.sent).toHaveLength(9);
    clock.advance(60 * 60_000 + 1);
    await expect(caller.newsletter.subscribe({ email: 'target@example.com' })).resolves.toEqual({ sent: true });
  });
});
