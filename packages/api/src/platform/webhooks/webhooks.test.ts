import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { checkWebhookUrl, checkWebhookUrlAtRegistration, isBlockedAddress, nextAttemptAt, newWebhookSecret, signWebhook, WEBHOOK_MAX_ATTEMPTS, webhookHeaders } from '.';

const NOW_S = 1_796_000_000;

describe('Standard Webhooks signatures', () => {
  it('are accepted by the standardwebhooks package, with the one secret and with both during a rotation', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW_S * 1000 });
    try {
      const current = newWebhookSecret();
      const previous = newWebhookSecret();
      expect(current).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const body = JSON.stringify({ type: 'order.paid', timestamp: new Date().toISOString(), data: { orderId: 'ord_1' } });
      const headers = await webhookHeaders([current, previous], 'msg_1', NOW_S, body);
      expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
      for (const secret of [current, previous]) expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
      // Another secret, another id, or a changed body: refused.
      expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
      expect(() => new Webhook(current).verify(body, { ...headers, 'webhook-id': 'msg_2' })).toThrow();
      expect(() => new Webhook(current).verify(body.replace('ord_1', 'ord_2'), headers)).toThrow();
    } finally {
      vi.useRealTimers();
    }
  });

  it('matches the signature the package computes itself', async () => {
    const secret = newWebhookSecret();
    const ours = await signWebhook(secret, 'msg_x', NOW_S, '{"a":1}');
    expect(ours).toBe(new Webhook(secret).sign('msg_x', new Date(NOW_S * 1000), '{"a":1}'));
  });
});

describe('webhook URL rules', () => {
  const refused = 'A webhook URL must point at a public host, not a private, local or reserved address.';
  const cases: Array<[url: string, production: string | null, development: string | null]> = [
    ['https://hooks.example.com/in', null, null],
    ['https://8.8.8.8/in', null, null],
    ['https://[2606:4700::1111]/in', null, null],
    ['http://hooks.example.com/in', 'A webhook URL must use https.', 'A webhook URL must use https.'],
    ['http://127.0.0.1:4000/in', 'A webhook URL must use https.', null],
    ['http://localhost:4000/in', 'A webhook URL must use https.', null],
    ['https://localhost/in', refused, null],
    ['http://10.0.0.8:4000/in', 'A webhook URL must use https.', 'A webhook URL must use https.'],
    ['https://10.1.2.3/in', refused, refused],
    ['https://172.20.0.1/in', refused, refused],
    ['https://192.168.1.10/in', refused, refused],
    ['https://127.0.0.2/in', refused, refused],
    ['https://169.254.169.254/latest/meta-data', refused, refused],
    ['https://100.64.0.1/in', refused, refused],
    ['https://224.0.0.1/in', refused, refused],
    ['https://0.0.0.0/in', refused, refused],
    // 127.0.0.1 written otherwise: the URL parser normalises it (development allows 127.0.0.1).
    ['https://2130706433/in', refused, null],
    ['https://0x7f.1/in', refused, null],
    ['https://[::1]/in', refused, refused],
    ['https://[fd00::1]/in', refused, refused],
    ['https://[fe80::1]/in', refused, refused],
    ['https://[ff02::1]/in', refused, refused],
    ['https://[::ffff:10.0.0.1]/in', refused, refused],
    ['https://[64:ff9b::a00:1]/in', refused, refused],
    ['https://printer.local/in', refused, refused],
    ['https://db.internal/in', refused, refused],
    ['https://intranet/in', refused, refused],
    ['https://hooks.acme.example/in', refused, refused],
    ['https://ci.invalid/in', refused, refused],
    ['https://user:pw@hooks.example.com/in', 'A webhook URL may not carry a user name or password.', 'A webhook URL may not carry a user name or password.'],
    ['ftp://hooks.example.com/in', 'A webhook URL must use https.', 'A webhook URL must use https.'],
  ];
  it.each(cases)('%s', (url, production, development) => {
    for (const [environment, expected] of [['production', production], ['development', development]] as const) {
      const verdict = checkWebhookUrl(url, environment);
      expect(verdict.ok ? null : verdict.reason, environment).toBe(expected);
    }
  });

  it('refuses, at registration in production, a host that resolves to a private address', async () => {
    const dns: Record<string, string[]> = { 'public.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'], 'sneaky.example.com': ['93.184.215.14', '10.0.0.5'], 'gone.example.com': [] };
    const resolve = async (host: string) => dns[host] ?? Promise.reject(new Error('SERVFAIL'));
    expect((await checkWebhookUrlAtRegistration('https://public.example.com/in', 'production', resolve)).ok).toBe(true);
    expect(await checkWebhookUrlAtRegistration('https://sneaky.example.com/in', 'production', resolve)).toEqual({ ok: false, reason: refused });
    expect(await checkWebhookUrlAtRegistration('https://gone.example.com/in', 'production', resolve)).toEqual({ ok: false, reason: 'The host gone.example.com does not resolve to any address.' });
    expect(await checkWebhookUrlAtRegistration('https://broken.example.com/in', 'production', resolve)).toEqual({ ok: false, reason: 'The host broken.example.com could not be resolved; try again.' });
    expect(['8.8.8.8', '2001:4860:4860::8888'].map(isBlockedAddress)).toEqual([false, false]);
  });
});

describe('the retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, then gives up after the seventh attempt', () => {
    const delays = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, index) => nextAttemptAt(index + 1, 0));
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, null]);
  });
});
