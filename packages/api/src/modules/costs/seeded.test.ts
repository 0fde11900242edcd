import { createContext, type Ports } from '../../context';
import { seed } from '@kubemarket/db/seed';
import { createTestDb } from '@kubemarket/db/testing';
import { describe, expect, it } from 'vitest';
import { simulatorProvisioner } from '../../platform/provisioner';
import { callerAs, manualClock, memoryMailer, sessionUserOf } from '../../testing';
import { meterUpTo } from '../usage';

// Seeded on a Tuesday afternoon; the month's hours since the 1st metered as the hourly cron would have.
const SEEDED_AT = Date.UTC(2026, 10, 24, 15, 30);
const NOW = SEEDED_AT + 60 * 60_000;

describe('the seeded clusters’ costs', () => {
  it('show analytics-eu over its quote this month because its autoscaler runs 2 nodes above the quoted 2 of its system pool', { timeout: 60_000 }, async () => {
    const db = await createTestDb();
    await seed(db, SEEDED_AT);
    await meterUpTo({ db, provisioner: simulatorProvisioner() }, NOW, Math.ceil((NOW - Date.UTC(2026, 10, 1)) / 3_600_000));
    const ports: Partial<Ports> = { clock: manualClock(NOW), mailer: memoryMailer() };
    const ctx = createContext({ db, config: { appVersion: '1.16.0', environment: 'development' }, ports });
    const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));

    const analytics = await alice.costs.cluster({ id: 'clu_demo_analytics' });
    expect(analytics.quotes.map((quote) => [quote.reason, quote.nodeCount])).toEqual([
      ['order', 4],
      ['pool_added', 6],
      ['pool_resized', 7],
    ]);
    const [november] = analytics.months;
    expect(november).toMatchObject({ month: '2026-11', current: true });
    expect(november!.actualCents).toBeGreaterThan(november!.quotedCents);
    // Scaled up six days before the seed (15:30, after that hour's middle): 16:00 on the 18th to 16:00 on the 24th,
    // 144 hours × 2 nodes of gp-4-16 at 5 700 cents ÷ 730 hours.
    const autoscaling = november!.lines.find((line) => line.key === 'autoscaling')!;
    expect(autoscaling.label).toBe('Nodes above the quoted count (autoscaling)');
    expect(autoscaling.detail).toMatch(/: 288 more, at each flavour's node-hour price\.$/);
    expect(autoscaling.cents).toBe(Math.round((288 * Math.round((5_700 * 1000) / 730)) / 1000));
    expect(november!.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(november!.differenceCents);
    expect(november!.forecast!.forecastCents).toBeGreaterThan(november!.actualCents);
    // analytics-eu ran since September, but the metering's history begins at 23:00 on 31 October:
    // no hour before is quoted (nobody metered it), so October is its one metered hour and
    // September is not there at all.
    expect(analytics.months.map((month) => [month.month, month.hours])).toEqual([
      ['2026-11', Math.floor((NOW - Date.UTC(2026, 10, 1)) / 3_600_000)],
      ['2026-10', 1],
    ]);

    // The other clusters ran the nodes they were quoted.
    for (const id of ['clu_demo_webshop', 'clu_demo_staging']) {
      const [month] = (await alice.costs.cluster({ id })).months;
      expect(month!.lines.find((line) => line.key === 'autoscaling'), id).toBeUndefined();
      expect(month!.lines.reduce((sum, line) => sum + line.cents, 0), id).toBe(month!.differenceCents);
    }
    // staging sleeps on weeknights: its asleep node-hours at 10 % of the price are a saving against its quote.
    const [staging] = (await alice.costs.cluster({ id: 'clu_demo_staging' })).months;
    const hibernation = staging!.lines.find((line) => line.key === 'hibernation')!;
    expect(hibernation.cents).toBeLessThan(0);
    expect(hibernation.detail).toMatch(/^[\d,.]+ node-hours asleep at 10 % of the node-hour price instead of the full price\.$/);
    expect(staging!.actualCents).toBeLessThan(staging!.quotedCents);
  });
});
