/**
 * Issue 29, in workerd: upload routes refuse before reading the body (401 anonymous, 403 without
 * the CSRF header or on a staff route, 413 on a declared or streamed size above the cap), fired
 * 10 and 50 at once; and an organisation's storage quota holds under parallel uploads against D1
 * and R2. The bodies are streams that count what was pulled from them.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, fetcherWith, json, TestClient, uniqueUser } from './client';

const MB = 1024 * 1024;
const CAP = 5 * 10 * MB + 256 * 1024; // MAX_UPLOAD_REQUEST_BYTES
const QUOTA = 1024 ** 3; // ORGANIZATION_STORAGE_QUOTA_BYTES
const CHUNK = 64 * 1024;
const BOUNDARY = 'race-boundary';

/** A multipart body of `total` bytes made on demand in 64 KiB chunks; `pulled` says how much was read. */
function lazyBody(total: number) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(CHUNK, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x41));
    },
    // No read-ahead: a chunk is made only when someone reads, so `pulled` counts reads.
  }, { highWaterMark: 0 });
  return { stream, pulled: () => sent };
}

const multipart = (length?: number) => ({ 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, ...(length === undefined ? {} : { 'Content-Length': String(length) }) });

let network = 0;
const nextIp = () => {
  network += 1;
  return `198.18.200.${network}`;
};

/** Through app.fetch with the test bindings: the request's stream stays ours, so `pulled` is exact. */
const direct = (ip = nextIp()) => new TestClient(ip, fetcherWith(env));

async function customer(client: TestClient) {
  await client.prime();
  expect((await client.post('/api/register', uniqueUser('upl'))).status).toBe(200);
  const created = await client.post('/api/tickets', { subject: 'Upload checks', description: 'Files to test the upload guard.', category: 'technical', severity: 'P4' });
  expect(created.status).toBe(201);
  return (await json<{ id: string }>(created)).id;
}

describe.each([10, 50])('%i parallel uploads of 45 MB', (n) => {
  it('anonymous: 401 with the CSRF header, 403 without it, and not one byte read', async () => {
    const anonymous = await direct().prime();
    const bodies = Array.from({ length: n }, () => lazyBody(45 * MB));
    const responses = await Promise.all(bodies.map((body, i) => anonymous.send('POST', '/api/tickets/tkt_someone/attachments', body.stream, { ...multipart(45 * MB), ...(i % 2 ? { 'X-CSRF-Token': '' } : {}) })));
    const expected = bodies.map((_, i) => (i % 2 ? 403 : 401));
    expect(responses.map((res) => res.status)).toEqual(expected);
    expect(await json(responses[0]!)).toEqual(apiErrorBody('Please sign in to upload files.', 'unauthenticated'));
    expect(await json(responses[1]!)).toEqual(apiErrorBody('Invalid or missing CSRF token. Refresh the page and try again.', 'forbidden'));
    expect(bodies.reduce((sum, body) => sum + body.pulled(), 0)).toBe(0);
  });

  it('signed in, declared above the cap: 413 at once, nothing read; streamed without a length: 413 once past the cap', async () => {
    const client = direct();
    const ticket = await customer(client);
    const declared = Array.from({ length: n }, () => lazyBody(CAP + 1));
    const refused = await Promise.all(declared.map((body) => client.send('POST', `/api/tickets/${ticket}/attachments`, body.stream, multipart(CAP + 1))));
    expect(refused.map((res) => res.status)).toEqual(Array(n).fill(413));
    expect(await json(refused[0]!)).toEqual(apiErrorBody('The upload is too large (at most 50 MB in one request).', 'payload_too_large'));
    expect(declared.reduce((sum, body) => sum + body.pulled(), 0)).toBe(0);

    // A chunked body declares nothing: read up to the cap (and the chunk that crossed it), no further.
    const chunked = lazyBody(CAP + 20 * MB);
    const streamed = await client.send('POST', `/api/tickets/${ticket}/attachments`, chunked.stream, multipart());
    expect(streamed.status).toBe(413);
    expect(chunked.pulled()).toBeLessThanOrEqual(CAP + 2 * CHUNK);
    expect((await env.FILES.list({ prefix: `tickets/${ticket}/` })).objects).toEqual([]);
  });

  it('a customer on the staff upload route: 403 before reading', async () => {
    const client = direct();
    const ticket = await customer(client);
    const bodies = Array.from({ length: n }, () => lazyBody(45 * MB));
    const responses = await Promise.all(bodies.map((body) => client.send('POST', `/api/admin/tickets/${ticket}/attachments`, body.stream, multipart(45 * MB))));
    expect(responses.map((res) => res.status)).toEqual(Array(n).fill(403));
    expect(await json(responses[0]!)).toEqual(apiErrorBody('You do not have permission to do this.', 'forbidden'));
    expect(bodies.reduce((sum, body) => sum + body.pulled(), 0)).toBe(0);
  });
});

describe.each([10, 50])('%i parallel uploads near the storage quota', (n) => {
  it('store exactly what fits (rows and R2 objects); the rest are 413 with the reason', async () => {
    const client = await new TestClient(nextIp()).prime();
    const ticket = await customer(client);
    const fileBytes = 1000;
    const fits = 3;
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO ticket_messages (id, ticket_id, author_user_id, author_name, from_staff, kind, body, created_at) VALUES (?, ?, NULL, 'Earlier', 0, 'reply', 'Big files', 0)`).bind(`tmsg_fill_${ticket}`, ticket),
      env.DB.prepare(`INSERT INTO ticket_attachments (id, ticket_id, message_id, r2_key, filename, content_type, size_bytes, sha256, created_at) VALUES (?, ?, ?, ?, 'dump.log', 'text/plain', ?, 'x', 0)`).bind(
        `tatt_fill_${ticket}`,
        ticket,
        `tmsg_fill_${ticket}`,
        `fill/${ticket}`,
        QUOTA - fits * fileBytes,
      ),
    ]);
    const png = new Uint8Array(fileBytes);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const responses = await Promise.all(
      Array.from({ length: n }, (_, i) => {
        const form = new FormData();
        form.append('files', new File([png], `shot-${i}.png`, { type: 'image/png' }));
        return client.send('POST', `/api/tickets/${ticket}/attachments`, form);
      }),
    );
    const statuses = responses.map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(fits);
    expect(statuses.filter((status) => status === 413)).toHaveLength(n - fits);
    const refused = responses.find((res) => res.status === 413)!;
    expect((await json<{ message: string }>(refused)).message).toMatch(/^These files \(1 KB\) do not fit in your organisation's storage for attachments: .* of 1\.0 GB are used\. Send smaller files, or ask support to make room\.$/);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM ticket_attachments WHERE ticket_id = ? AND id NOT LIKE ?').bind(ticket, 'tatt_fill_%').first<{ n: number }>();
    expect(rows!.n).toBe(fits);
    expect((await env.FILES.list({ prefix: `tickets/${ticket}/` })).objects).toHaveLength(fits);
  });
});

describe('through the guard', () => {
  it('a staff member still uploads to a customer ticket, and the customer with the CSRF header too', async () => {
    const customerClient = await new TestClient(nextIp()).prime();
    const ticket = await customer(customerClient);
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const form = () => {
      const data = new FormData();
      data.append('files', new File([png], 'shot.png', { type: 'image/png' }));
      return data;
    };
    expect((await customerClient.send('POST', `/api/tickets/${ticket}/attachments`, form())).status).toBe(200);
    const staff = await new TestClient(nextIp()).prime();
    expect((await staff.post('/trpc/dev.login', { username: 'olivia' })).status).toBe(200);
    const staffUpload = await staff.send('POST', `/api/admin/tickets/${ticket}/attachments`, form());
    expect(staffUpload.status).toBe(200);
    expect((await env.FILES.list({ prefix: `tickets/${ticket}/` })).objects).toHaveLength(2);
  });
});
