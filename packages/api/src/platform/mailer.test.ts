import { describe, expect, it } from 'vitest';
import { httpMailer } from './mailer';

describe('httpMailer', () => {
  const message = { to: 'ann@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' };

  it('posts the message as JSON with the API key', async () => {
    const calls: Array<[string, RequestInit]> = [];
    const mailer = httpMailer({ url: 'https://mail.example/send', apiKey: 'k-123', from: 'KubeMarket <no-reply@example.eu>' }, async (url, init) => {
      calls.push([String(url), init!]);
      return new Response('{}', { status: 200 });
    });
    await mailer.send(message);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toBe('https://mail.example/send');
    expect(new Headers(calls[0]![1].headers).get('Authorization')).toBe('Bearer k-123');
    expect(JSON.parse(String(calls[0]![1].body))).toEqual({ from: 'KubeMarket <no-reply@example.eu>', ...message });
  });

  it('reports a refused message', async () => {
    const mailer = httpMailer({ url: 'https://mail.example/send', apiKey: 'k', from: 'x@example.eu' }, async () => new Response('quota exceeded', { status: 429 }));
    await expect(mailer.send(message)).rejects.toThrow(/^Mail API answered 429$/);
  });
});
