import { HIBERNATION_PRESETS } from '@kubemarket/shared';
import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRONS } from '../src/scheduled';
import { json, TestClient } from './client';
import { runCron } from './cron';

const ECB_URL = 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml';

function ecbDocument(date: string, rates: Record<string, string>) {
  const cubes = Object.entries(rates)
    .map(([currency, rate]) => `<Cube currency='${currency}' rate='${rate}'/>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
  <gesmes:subject>Reference rates</gesmes:subject>
  <gesmes:Sender><gesmes:name>European Central Bank</gesmes:name></gesmes:Sender>
  <Cube><Cube time='${date}'>
${cubes}
  </Cube></Cube>
</gesmes:Envelope>`;
}

async function serverRates() {
  return json(await new TestClient().get('/api/currency/rates'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('scheduled exchange-rate refresh', () => {
  it('stores the ECB rates and serves them on /api/currency/rates and /api/health', async () => {
    const at = Date.now();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      new Response(ecbDocument('2026-11-20', { USD: '1.0853', JPY: '167.42', GBP: '0.85315', CNY: '7.8198', CHF: '0.9387' })),
    );
    await runCron(CRONS.exchangeRates, at);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]![0])).toBe(ECB_URL);
    fetchSpy.mockRestore();

    expect(await serverRates()).toEqual({ rates: { EUR: 1, USD: 1.0853, GBP: 0.85315, CNY: 7.8198 }, timestamp: at, date: '2026-11-20' });
    const health = await json<{ rates: unknown }>(await new TestClient().get('/api/health'));
    expect(health.rates).toEqual({ ok: true, updatedAt: at });
  });

  it.each([
    ['the ECB is unreachable', () => Promise.reject(new TypeError('Network connection lost.'))],
    ['the ECB answers an error page', async () => new Response('<html>Service Unavailable</html>', { status: 503 })],
    ['a currency is missing', async () => new Response(ecbDocument('2026-11-23', { USD: '1.09', GBP: '0.86' }))],
    ['a rate is not a number', async () => new Response(ecbDocument('2026-11-23', { USD: '1.09', GBP: 'N/A', CNY: '7.9' }))],
  ])('keeps the previous rates when %s', async (_case, respond) => {
    const before = await serverRates();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockImplementation(respond as typeof fetch);
    await runCron(CRONS.exchangeRates, Date.now());
    vi.mocked(globalThis.fetch).mockRestore();
    expect(await serverRates()).toEqual(before);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^Exchange rates refresh failed, previous rates kept: /));
  });

  it('ignores a cron it does not know', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await runCron('15 3 * * *', Date.now());
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('No scheduled job for cron "15 3 * * *".');
  });
});

describe('scheduled housekeeping', () => {
  it('purges ended sessions and spent tokens, and seals legacy TOTP seeds, from the cron trigger', async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO sessions (id, user_id, secret_hash, csrf_token, elevated, created_at, last_active_at, expires_at) VALUES ('cron-ended', 'usr_demo_alice', 'h1', 'c1', 0, 0, 0, ?)").bind(now - 1),
      env.DB.prepare("INSERT INTO sessions (id, user_id, secret_hash, csrf_token, elevated, created_at, last_active_at, expires_at) VALUES ('cron-live', 'usr_demo_alice', 'h2', 'c2', 0, ?, ?, ?)").bind(now, now, now + 86_400_000),
      env.DB.prepare("INSERT INTO auth_tokens (id, user_id, purpose, token_hash, attempts, expires_at, used_at, created_at) VALUES ('cron-used', 'usr_demo_alice', 'magic_link', 'cron-h', 0, ?, ?, 0)").bind(now + 60_000, now - 1),
      env.DB.prepare("UPDATE users SET totp_secret = 'JBSWY3DPEHPK3PXP', totp_key_version = NULL WHERE id = 'usr_demo_bruno'"),
    ]);
    await runCron(CRONS.housekeeping, now);
    const ids = await env.DB.prepare("SELECT id FROM sessions WHERE id LIKE 'cron-%'").all<{ id: string }>();
    expect(ids.results.map((row) => row.id)).toEqual(['cron-live']);
    expect(await env.DB.prepare("SELECT id FROM auth_tokens WHERE id = 'cron-used'").first()).toBeNull();
    const bruno = await env.DB.prepare("SELECT totp_secret, totp_key_version FROM users WHERE id = 'usr_demo_bruno'").first<{ totp_secret: string; totp_key_version: number }>();
    expect(bruno?.totp_key_version).toBe(1);
    expect(bruno?.totp_secret).not.toBe('JBSWY3DPEHPK3PXP');
  });

  it('meters the hours that ended since the last metered one, once', async () => {
    const hour = 3_600_000;
    // Ten days ahead, past whatever an earlier housekeeping run metered; the last metered hour was four hours before.
    const now = Math.floor(Date.now() / hour) * hour + 240 * hour + 17 * 60_000;
    await env.DB.prepare('INSERT INTO metered_hours (hour, records, created_at) VALUES (?, 0, 0)').bind(now - 17 * 60_000 - 4 * hour).run();
    await runCron(CRONS.housekeeping, now);
    const metered = await env.DB.prepare('SELECT hour FROM metered_hours WHERE hour > ? ORDER BY hour').bind(now - 17 * 60_000 - 4 * hour).all<{ hour: number }>();
    expect(metered.results.map((row) => (now - 17 * 60_000 - row.hour) / hour)).toEqual([3, 2, 1]);
    const acme = () => env.DB.prepare("SELECT count(*) AS n FROM usage_records WHERE organization_id = 'org_demo_acme' AND hour > ?").bind(now - 17 * 60_000 - 4 * hour).first<{ n: number }>();
    const recorded = (await acme())?.n ?? 0;
    // Acme's seeded clusters run: each metered hour has their control planes at least.
    expect(recorded).toBeGreaterThanOrEqual(3 * 2);
    await runCron(CRONS.housekeeping, now + 60_000);
    expect((await acme())?.n).toBe(recorded);
  });
});

describe('scheduled budgets', () => {
  it('alerts a budget after metering, once however often the cron runs', async () => {
    const hour = 3_600_000;
    const now = Date.now();
    // €10 of Acme's spend an hour ago, against a €1 budget alerting at 50 %.
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO usage_records (id, organization_id, subject_id, cluster_id, hour, kind, resource_id, quantity_milli, unit_price_millicents, amount_millicents, order_id, created_at) VALUES ('use_cron_budget', 'org_demo_acme', 'clu_cron_budget', 'clu_cron_budget', ?, 'egress', 'egress', 1000, 1000000, 1000000, NULL, 0)",
      ).bind(Math.floor(now / hour) * hour - hour),
      env.DB.prepare("INSERT INTO budgets (id, organization_id, name, scope, amount_cents, thresholds, hibernate_on_reach, created_at, updated_at) VALUES ('bdg_cron', 'org_demo_acme', 'Cron budget', 'organization', 100, '[50]', 0, 0, 0)"),
    ]);
    await runCron(CRONS.housekeeping, now);
    await runCron(CRONS.housekeeping, now + 60_000);
    const alerts = await env.DB.prepare("SELECT basis, threshold_percent AS threshold FROM budget_alerts WHERE budget_id = 'bdg_cron' ORDER BY basis").all<{ basis: string; threshold: number }>();
    expect(alerts.results).toEqual([
      { basis: 'actual', threshold: 50 },
      { basis: 'forecast', threshold: 50 },
    ]);
    const told = await env.DB.prepare("SELECT count(*) AS n FROM notifications WHERE user_id = 'usr_demo_alice' AND message LIKE 'Budget \"Cron budget\"%'").first<{ n: number }>();
    expect(told?.n).toBe(1);
  });
});

describe('scheduled hibernation', () => {
  const operation = () =>
    env.DB.prepare("SELECT id, type, status, params, requested_by FROM cluster_operations WHERE cluster_id = 'clu_cron_dev' ORDER BY created_at DESC LIMIT 1").first<{
      id: string;
      type: string;
      status: string;
      params: string;
      requested_by: string | null;
    }>();
  const clusterStatus = async () => (await env.DB.prepare("SELECT status FROM clusters WHERE id = 'clu_cron_dev'").first<{ status: string }>())?.status;

  it("puts a Dev/Test cluster to sleep at its schedule's time, set over REST, through the cluster's operator", async () => {
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO clusters (id, organization_id, name, tier_id, region, status, kubernetes_version, node_count, created_at, updated_at) VALUES ('clu_cron_dev', 'org_demo_acme', 'cron-dev', 'tier_devtest', 'fr-par-1', 'running', '1.37.1', 1, 0, 0)",
      ),
      env.DB.prepare("INSERT INTO node_pools (id, cluster_id, name, flavor_id, count, kubernetes_version, created_at, updated_at) VALUES ('npl_cron_dev', 'clu_cron_dev', 'default', 'gp-2-4', 1, '1.37.1', 0, 0)"),
    ]);
    const alice = await new TestClient('203.0.113.170').prime();
    expect((await alice.post('/trpc/dev.login', { username: 'alice' })).status).toBe(200);
    const weeknights = HIBERNATION_PRESETS.weeknights.period;
    const put = await alice.request('PUT', '/api/clusters/clu_cron_dev/hibernation', { timezone: 'Europe/Paris', schedules: [weeknights] });
    expect(put.status).toBe(200);
    expect(await json(put)).toEqual({ timezone: 'Europe/Paris', schedules: [weeknights] });

    // Monday 23 November 2026: 20:00 in Paris is 19:00 UTC. The run before it finds nothing to do.
    await runCron(CRONS.hibernation, Date.parse('2026-11-23T18:55:00Z'));
    expect(await operation()).toBeNull();
    await runCron(CRONS.hibernation, Date.parse('2026-11-23T19:00:00Z'));
    const started = await operation();
    expect(started).toMatchObject({ type: 'hibernate', status: 'running', requested_by: null });
    expect(JSON.parse(started!.params)).toEqual({ scheduled: true });
    expect(await clusterStatus()).toBe('hibernating');

    const operator = env.CLUSTER_OPERATOR.get(env.CLUSTER_OPERATOR.idFromName('clu_cron_dev'));
    const progress = () =>
      env.DB.prepare("SELECT status, revision, next_run_at FROM cluster_operations WHERE cluster_id = 'clu_cron_dev' ORDER BY created_at DESC LIMIT 1").first<{
        status: string;
        revision: number;
        next_run_at: number | null;
      }>();
    for (let alarm = 0; alarm < 200; alarm += 1) {
      const current = await progress();
      if (current?.status !== 'running') break;
      // Fire the alarm once the step is due: Date.now() moves only across I/O in workerd, so poll it.
      await vi.waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(current.next_run_at ?? 0), { interval: 1, timeout: 10_000 });
      // No alarm pending: the runtime's own alarm is running the step; wait until it is stored.
      if (!(await runDurableObjectAlarm(operator))) await vi.waitFor(async () => expect((await progress())?.revision).not.toBe(current.revision), { interval: 5, timeout: 10_000 });
    }
    expect((await operation())?.status).toBe('succeeded');
    expect(await clusterStatus()).toBe('hibernated');
    const period = await env.DB.prepare("SELECT ended_at FROM cluster_hibernations WHERE cluster_id = 'clu_cron_dev'").first<{ ended_at: number | null }>();
    expect(period).toEqual({ ended_at: null });

    // The next run sees the same 20:00 in its window and leaves the sleeping cluster alone.
    await runCron(CRONS.hibernation, Date.parse('2026-11-23T19:05:00Z'));
    expect((await operation())?.id).toBe(started!.id);
  });
});
