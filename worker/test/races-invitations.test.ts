/**
 * Issue 29, in workerd against D1: team invitations fired in parallel (Promise.all) through the
 * Worker are limited per organisation (20 a day) and per recipient (3 a day), counted in
 * invitation rows and in the mail outbox; no subject carries text a customer typed.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { json, TestClient, uniqueUser } from './client';

const PER_ORGANIZATION = 20; // RATE_LIMITS.invitationsPerOrganization
const PER_RECIPIENT = 3; // RATE_LIMITS.invitationsPerRecipient
const PHISHING = 'Billing: your account is suspended, verify at https://kubemarket-billing.example';

let network = 0;
async function owner() {
  network += 1;
  const client = await new TestClient(`198.19.${Math.floor(network / 250)}.${network % 250}`).prime();
  const res = await client.post('/api/register', { ...uniqueUser('inv'), name: PHISHING });
  expect(res.status).toBe(200);
  return { client, organizationId: (await json<{ organizationId: string }>(res)).organizationId };
}

async function scalar(query: string, ...values: unknown[]): Promise<number> {
  return (await env.DB.prepare(query).bind(...values).first<{ n: number }>())!.n;
}

/** Mail goes out after the answer (waitUntil): waits until the outbox holds `expected` mails to the pattern. */
async function outbox(pattern: string, expected: number): Promise<Array<{ subject: string }>> {
  await vi.waitFor(async () => expect(await scalar('SELECT count(*) AS n FROM mail_outbox WHERE "to" LIKE ?', pattern)).toBe(expected), { interval: 20, timeout: 10_000 });
  const { results } = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE "to" LIKE ?').bind(pattern).all<{ subject: string }>();
  return results;
}

const statuses = (responses: Response[]) => responses.reduce<Record<number, number>>((acc, res) => ({ ...acc, [res.status]: (acc[res.status] ?? 0) + 1 }), {});

describe.each([10, 50])('%i parallel invitations', (n) => {
  it(`from one organisation: at most ${PER_ORGANIZATION} sent, the rest 429; subjects are fixed text`, async () => {
    const { client, organizationId } = await owner();
    const tag = `org${n}x${network}`;
    const responses = await Promise.all(Array.from({ length: n }, (_, i) => client.post('/api/organization/invitations', { email: `${tag}.${i}@example.com`, role: 'member' })));
    const sent = Math.min(n, PER_ORGANIZATION);
    expect(statuses(responses)).toEqual(n > PER_ORGANIZATION ? { 201: sent, 429: n - sent } : { 201: sent });
    expect(await scalar('SELECT count(*) AS n FROM team_invitations WHERE organization_id = ?', organizationId)).toBe(sent);
    const mails = await outbox(`${tag}.%`, sent);
    // A pending organisation's name is not staff-approved: fixed text only, never the inviter's name.
    expect(new Set(mails.map((mail) => mail.subject))).toEqual(new Set(['Invitation to join a team on KubeMarket']));
    if (n > PER_ORGANIZATION) {
      const refused = responses.find((res) => res.status === 429)!;
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await json<{ message: string }>(refused)).message).toMatch(/^Your organisation has sent 20 invitations in the last 24 hours/);
    }
  });

  it(`to one recipient: at most ${PER_RECIPIENT} sent, the rest 429`, async () => {
    const { client } = await owner();
    const email = `target${n}x${network}@example.com`;
    const responses = await Promise.all(Array.from({ length: n }, () => client.post('/api/organization/invitations', { email, role: 'viewer' })));
    expect(statuses(responses)).toEqual({ 201: PER_RECIPIENT, 429: n - PER_RECIPIENT });
    expect(await scalar('SELECT count(*) AS n FROM team_invitations WHERE email = ?', email)).toBe(PER_RECIPIENT);
    await outbox(email, PER_RECIPIENT);
  });
});
