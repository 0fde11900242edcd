import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { apiErrorBody, json, TestClient, uniqueUser } from './client';

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);

async function customer(ip: string) {
  const client = await new TestClient(ip).prime();
  expect((await client.post('/api/register', uniqueUser('tkt'))).status).toBe(200);
  return client;
}

function upload(client: TestClient, ticketId: string, parts: Array<{ name: string; type: string; bytes: Uint8Array }>, body?: string) {
  const form = new FormData();
  if (body) form.append('body', body);
  for (const part of parts) form.append('files', new File([part.bytes], part.name, { type: part.type }));
  return client.send('POST', `/api/tickets/${ticketId}/attachments`, form);
}

async function storedKeys(ticketId: string) {
  return (await env.FILES.list({ prefix: `tickets/${ticketId}/` })).objects.map((object) => object.key);
}

describe('tickets over REST', () => {
  it('uploads attachments as multipart into R2 and serves them as downloads, to the organisation only', async () => {
    const client = await customer('198.51.100.31');
    const created = await client.post('/api/tickets', { subject: 'Nodes NotReady', description: 'Two nodes flap every hour since Monday.', category: 'technical', severity: 'P3' });
    expect(created.status).toBe(201);
    const ticket = await json<{ id: string; reference: string; sla: { dueKind: string } }>(created);
    expect(ticket.sla.dueKind).toBe('first_response');

    const uploaded = await upload(client, ticket.id, [{ name: 'écran 1.png', type: 'image/png', bytes: PNG }], 'Screenshot of the node list');
    expect(uploaded.status).toBe(200);
    const detail = await json<{ messages: Array<{ body: string; attachments: Array<{ id: string; filename: string }> }> }>(uploaded);
    const message = detail.messages.at(-1)!;
    expect(message.body).toBe('Screenshot of the node list');
    const attachment = message.attachments[0]!;
    expect(await storedKeys(ticket.id)).toEqual([`tickets/${ticket.id}/${attachment.id}`]);

    const download = await client.get(`/api/tickets/${ticket.id}/attachments/${attachment.id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('Content-Type')).toBe('image/png');
    expect(download.headers.get('Content-Disposition')).toBe(`attachment; filename="_cran_1.png"; filename*=UTF-8''%C3%A9cran%201.png`);
    expect(download.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);

    // Another organisation: the ticket and its file do not exist.
    const other = await customer('198.51.100.32');
    expect((await other.get(`/api/tickets/${ticket.id}`)).status).toBe(404);
    const foreign = await other.get(`/api/tickets/${ticket.id}/attachments/${attachment.id}`);
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual(apiErrorBody('Ticket not found.', 'not_found'));

    // The OpenAPI document describes the upload as multipart and the download as a file.
    const document = await json<{ paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> }>(await client.get('/api/openapi.json'));
    expect(Object.keys(document.paths['/api/tickets/{id}/attachments']!.post!.requestBody!.content)).toEqual(['multipart/form-data']);
    for (const path of ['/api/tickets', '/api/tickets/{id}', '/api/tickets/{id}/replies', '/api/tickets/{id}/attachments']) expect(document.paths[path]).toBeDefined();
  });

  it('refuses a disallowed type and an oversized file with a clear 4xx, storing nothing', async () => {
    const client = await customer('198.51.100.33');
    const ticket = await json<{ id: string }>(await client.post('/api/tickets', { subject: 'Upload limits', description: 'Checking what may be attached.', category: 'technical', severity: 'P4' }));

    const script = await upload(client, ticket.id, [{ name: 'payload.html', type: 'text/html', bytes: new TextEncoder().encode('<script>alert(1)</script>') }]);
    expect(script.status).toBe(400);
    expect((await json<{ message: string }>(script)).message).toMatch(/^payload\.html: this type of file cannot be attached\. Allowed: PNG/);

    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(PNG);
    const oversized = await upload(client, ticket.id, [{ name: 'big.png', type: 'image/png', bytes: big }]);
    expect(oversized.status).toBe(413);
    expect(await json(oversized)).toEqual(apiErrorBody('big.png is larger than 10 MB, the limit for one attachment.', 'payload_too_large'));

    const notMultipart = await client.post(`/api/tickets/${ticket.id}/attachments`, { files: [] });
    expect(notMultipart.status).toBe(415);
    expect(await storedKeys(ticket.id)).toEqual([]);
  });

  it('never answers an internal note to the customer', async () => {
    const client = await customer('198.51.100.34');
    const ticket = await json<{ id: string }>(await client.post('/api/tickets', { subject: 'Private note check', description: 'Staff will write an internal note.', category: 'billing', severity: 'P4' }));
    await env.DB.prepare(`INSERT INTO ticket_messages (id, ticket_id, author_user_id, author_name, from_staff, kind, body, created_at) VALUES (?, ?, NULL, 'Olivia', 1, 'internal_note', 'INTERNAL-ONLY legacy LB', ?)`)
      .bind(`tmsg_rest_${ticket.id}`, ticket.id, Date.now())
      .run();
    for (const path of [`/api/tickets/${ticket.id}`, '/api/tickets']) {
      const res = await client.get(path);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain('INTERNAL-ONLY');
    }
    const replied = await client.post(`/api/tickets/${ticket.id}/replies`, { body: 'Any news?' });
    expect(replied.status).toBe(201);
    expect(await replied.text()).not.toContain('INTERNAL-ONLY');
  });
});
