import { clusterOperations, middlewareInstances, orders, usageRecords } from '@kubemarket/db';
import { DEMO_MIDDLEWARE_ID, DEMO_MIDDLEWARE_PASSWORD } from '@kubemarket/db/seed';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BILLING, clusterTestbed, refusal } from '../../testing';
import { meterUpTo } from '../usage/metering';
import { startPendingAfter, startPendingInstances, takeScheduledBackups } from './lifecycle';

const CARD = { kind: 'card' as const, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Alice Martin' } };
const HOUR_MS = 60 * 60_000;

async function setup() {
  const bed = await clusterTestbed();
  const alice = await bed.as('alice');
  let keys = 0;
  const key = (prefix: string) => `${prefix}-mw-${(keys += 1).toString().padStart(6, '0')}`;
  /** Alice orders and pays a middleware; answers the order and its instance (not created yet). */
  const buy = async (line: { planId: string; name: string; clusterId: string; version?: string }) => {
    const placed = await alice.orders.create({ idempotencyKey: key('order'), lines: [{ kind: 'middleware', ...line }], billing: BILLING });
    const paid = await alice.orders.pay({ id: placed.id, paymentIdempotencyKey: key('pay'), method: CARD });
    expect(paid.result).toBe('succeeded');
    const [instance] = await bed.db.select().from(middlewareInstances).where(eq(middlewareInstances.orderId, placed.id));
    return { order: paid.order, instance: instance! };
  };
  /** Runs the instance's latest operation to its end. */
  const finish = async (instanceId: string) => {
    const detail = await alice.middlewares.get({ id: instanceId });
    if (!detail.operation) throw new Error('No operation to run');
    return bed.drive(detail.operation.id);
  };
  return { ...bed, alice, buy, finish };
}

describe('middlewares: ordered, created, used and deleted (issue 31)', () => {
  it('creates a paid PostgreSQL in its cluster step by step, then shows its endpoint, reveals and rotates its password, backs it up, restores, resizes and deletes it', async () => {
    const { alice, buy, finish, db, orderOf, clock, ctx } = await setup();
    const { order, instance } = await buy({ planId: 'mwp_postgresql_essential', name: 'cart-db', clusterId: 'clu_demo_webshop' });
    expect(order).toMatchObject({ status: 'provisioning', summary: 'PostgreSQL: Essential cart-db in webshop-prod' });
    expect(instance).toMatchObject({ status: 'provisioning', name: 'cart-db', version: '18', regionId: 'fr-par-1', host: 'cart-db-rw.middlewares.svc.cluster.local', port: 5432 });

    const creating = await alice.middlewares.get({ id: instance.id });
    expect(creating.operation).toMatchObject({ type: 'middleware_create', status: 'running', clusterId: 'clu_demo_webshop' });
    expect(creating.operation!.steps.map((step) => step.label)).toEqual([
      'Creating 1 volume of 80 GB',
      'Starting PostgreSQL cart-db (1 replica)',
      'Creating the credentials',
      'Scheduling daily backups',
      'Publishing the endpoint in the cluster',
    ]);
    expect((await finish(instance.id)).status).toBe('succeeded');
    expect((await orderOf(order.id)).status).toBe('completed');

    const ready = await alice.middlewares.get({ id: instance.id });
    expect(ready).toMatchObject({ status: 'running', plan: { name: 'Essential', storageGb: 80 }, cluster: { name: 'webshop-prod' }, region: { id: 'fr-par-1' } });
    expect(ready.endpoint.connectionString).toBe('postgresql://app:••••••••@cart-db-rw.middlewares.svc.cluster.local:5432/app');
    expect(ready.backups).toHaveLength(1);
    expect((await alice.middlewares.list()).items.map((item) => item.name)).toEqual(['cart-db', 'orders-db']);

    // Credentials: revealed on demand (audited), rotated: the old password is gone.
    const first = await alice.middlewares.credentials({ id: instance.id });
    expect(first.password).toMatch(/^[a-z0-9]{32}$/);
    expect(first.connectionString).toBe(`postgresql://app:${first.password}@cart-db-rw.middlewares.svc.cluster.local:5432/app`);
    const rotated = await alice.middlewares.rotatePassword({ id: instance.id });
    expect(rotated.password).not.toBe(first.password);
    expect((await alice.middlewares.credentials({ id: instance.id })).password).toBe(rotated.password);

    // A backup by hand, then a restore of it as an operation of the cluster.
    const backup = await alice.middlewares.backup({ id: instance.id });
    expect(await refusal(alice.middlewares.backup({ id: instance.id }))).toEqual({ code: 'CONFLICT', message: 'A backup was taken less than a minute ago.' });
    const restore = await alice.middlewares.restore({ id: instance.id, backupId: backup.id });
    expect(restore).toMatchObject({ type: 'middleware_restore', status: 'running' });
    expect((await alice.middlewares.get({ id: instance.id })).status).toBe('restoring');
    expect(await refusal(alice.middlewares.rotatePassword({ id: instance.id }))).toEqual({ code: 'CONFLICT', message: 'cart-db is being restored, so a new password has to wait.' });
    expect((await finish(instance.id)).status).toBe('succeeded');

    // Resize: volumes never shrink; a bigger plan is priced and applied by an operation.
    const options = (await alice.middlewares.get({ id: instance.id })).resizeOptions;
    expect(options.find((plan) => plan.name === 'Starter')).toMatchObject({ allowed: false, reason: 'Volumes cannot shrink: Starter has 20 GB, less than the 80 GB in use.' });
    expect(options.find((plan) => plan.name === 'Business HA')).toMatchObject({ allowed: true, monthlyCents: 24_900 });
    expect(await refusal(alice.middlewares.resize({ id: instance.id, planId: 'mwp_postgresql_starter' }))).toEqual({ code: 'BAD_REQUEST', message: 'Volumes cannot shrink: Starter has 20 GB, less than the 80 GB in use.' });
    expect(await refusal(alice.middlewares.resize({ id: instance.id, planId: 'mwp_valkey_small' }))).toEqual({ code: 'BAD_REQUEST', message: 'That plan is not a plan of PostgreSQL; choose one of its plans.' });
    await alice.middlewares.resize({ id: instance.id, planId: 'mwp_postgresql_business' });
    expect((await finish(instance.id)).status).toBe('succeeded');
    expect((await alice.middlewares.get({ id: instance.id })).plan).toMatchObject({ id: 'mwp_postgresql_business', monthlyCents: 24_900 });

    // Metered from ready, at the plan it runs: the resized plan at the catalogue's price.
    clock.advance(2 * HOUR_MS);
    await meterUpTo({ db, provisioner: ctx.ports.provisioner }, clock.now());
    const metered = await db.select().from(usageRecords).where(eq(usageRecords.subjectId, instance.id));
    expect(metered.length).toBeGreaterThan(0);
    expect(new Set(metered.map((row) => row.orderId))).toEqual(new Set([order.id]));

    // Deletion: by its typed name, as an operation; then gone from the list, and what it cost shown.
    expect(await refusal(alice.middlewares.delete({ id: instance.id, confirmName: 'cart' }))).toEqual({ code: 'BAD_REQUEST', message: 'Type the name of the middleware, cart-db, to delete it.' });
    await alice.middlewares.delete({ id: instance.id, confirmName: 'cart-db' });
    expect((await finish(instance.id)).status).toBe('succeeded');
    const deleted = await alice.middlewares.get({ id: instance.id });
    expect(deleted).toMatchObject({ status: 'deleted' });
    expect(deleted.costUntilDeletionCents).toBeGreaterThan(0);
    expect((await alice.middlewares.list()).items.map((item) => item.name)).toEqual(['orders-db']);
    expect(await refusal(alice.middlewares.credentials({ id: instance.id }))).toEqual({ code: 'CONFLICT', message: 'cart-db is deleted; its credentials are gone.' });
    // Its name is free again.
    await buy({ planId: 'mwp_postgresql_starter', name: 'cart-db', clusterId: 'clu_demo_webshop' });
  });

  it('refuses a placement it cannot honour before anything is paid, each with its sentence', async () => {
    const { alice, as } = await setup();
    const create = (line: Record<string, string>) => alice.orders.create({ idempotencyKey: `place-${JSON.stringify(line).length}-${Math.random()}`, lines: [{ kind: 'middleware', planId: 'mwp_postgresql_starter', name: 'x-db', clusterId: 'clu_demo_webshop', ...line }], billing: BILLING });
    expect(await refusal(create({ name: 'orders-db' }))).toEqual({ code: 'BAD_REQUEST', message: 'Your organisation already has a middleware named "orders-db"; choose another name.' });
    expect(await refusal(create({ clusterId: 'clu_demo_staging' }))).toEqual({ code: 'BAD_REQUEST', message: 'The cluster staging is hibernated; wake it up first, or choose another cluster.' });
    expect(await refusal(create({ version: '9' }))).toEqual({ code: 'BAD_REQUEST', message: 'PostgreSQL 9 is not offered; choose 18 or 17 or 16.' });
    expect(await refusal(create({ name: 'Bad Name' }))).toMatchObject({ code: 'BAD_REQUEST' });
    // Another organisation's cluster is not found.
    const gabriel = await as('gabriel');
    expect(await refusal(gabriel.orders.create({ idempotencyKey: 'globex-place-1', lines: [{ kind: 'middleware', planId: 'mwp_postgresql_starter', name: 'x-db', clusterId: 'clu_demo_webshop' }], billing: BILLING }))).toEqual({
      code: 'NOT_FOUND',
      message: 'No cluster with this id in your organisation.',
    });
    // A name an order awaiting payment takes is taken too.
    await create({ name: 'queued-db' });
    expect(await refusal(create({ name: 'queued-db' }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('awaiting payment, already creates a middleware named "queued-db"') });
    // Another organisation's instance is a 404; the cluster that runs one cannot be deleted.
    expect(await refusal(gabriel.middlewares.get({ id: DEMO_MIDDLEWARE_ID }))).toEqual({ code: 'NOT_FOUND', message: 'No middleware with this id in your organisation.' });
    expect(await refusal(alice.clusters.delete({ id: 'clu_demo_webshop', confirmName: 'webshop-prod' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'webshop-prod runs the middleware orders-db; delete it from its page first.',
    });
  });

  it('waits for a busy cluster and starts once it is free; the seeded orders-db reveals its demo password; backups are taken daily, once', async () => {
    const { alice, buy, finish, db, ctx, clock } = await setup();
    // webshop-prod is busy scaling: the instance waits, saying why.
    const pool = (await alice.clusters.get({ id: 'clu_demo_webshop' })).nodePools[0]!;
    const scaling = await alice.clusters.scaleNodePool({ id: 'clu_demo_webshop', poolId: pool.id, count: pool.count + 1 });
    const { instance } = await buy({ planId: 'mwp_valkey_small', name: 'sessions', clusterId: 'clu_demo_webshop' });
    expect(instance.status).toBe('pending');
    expect((await alice.middlewares.get({ id: instance.id })).waitingFor).toBe('Waiting for webshop-prod to finish scaling a node pool; its creation starts as soon as that is done.');
    expect(await startPendingInstances(ctx)).toBe(0);
    const { runOperationUntil } = await import('../clusters/engine');
    await runOperationUntil(ctx, scaling.id, { advanceClock: (to) => clock.advance(to - clock.now()) });
    // The cluster's operator starts it as the operation ends (the five-minute sweep would otherwise).
    expect(await startPendingAfter(ctx, scaling.id)).toBe(true);
    expect(await startPendingInstances(ctx)).toBe(0);
    expect((await finish(instance.id)).status).toBe('succeeded');
    expect((await alice.middlewares.get({ id: instance.id })).endpoint.connectionString).toBe('redis://default:••••••••@sessions.middlewares.svc.cluster.local:6379');

    expect((await alice.middlewares.credentials({ id: DEMO_MIDDLEWARE_ID })).password).toBe(DEMO_MIDDLEWARE_PASSWORD);
    const first = await takeScheduledBackups(db, clock.now() + 25 * HOUR_MS);
    const again = await takeScheduledBackups(db, clock.now() + 25 * HOUR_MS);
    expect(first.taken).toBeGreaterThan(0);
    expect(again.taken).toBe(0);
  });

  it('delivers what was paid when the name was taken between ordering and paying: the instance gets the name with a suffix', async () => {
    const { alice, db } = await setup();
    const placed = await alice.orders.create({ idempotencyKey: 'name-race-order-1', lines: [{ kind: 'middleware', planId: 'mwp_postgresql_starter', name: 'race-db', clusterId: 'clu_demo_webshop' }], billing: BILLING });
    // Another order of the same name, placed at the same moment, settled first.
    const [seeded] = await db.select().from(middlewareInstances).where(eq(middlewareInstances.id, DEMO_MIDDLEWARE_ID));
    await db.insert(middlewareInstances).values({ ...seeded!, id: 'mwi_race_first', orderId: 'ord_race_first', name: 'race-db', host: 'race-db-rw.middlewares.svc.cluster.local' });
    const paid = await alice.orders.pay({ id: placed.id, paymentIdempotencyKey: 'name-race-pay-1', method: CARD });
    expect(paid.result).toBe('succeeded');
    const [instance] = await db.select().from(middlewareInstances).where(eq(middlewareInstances.orderId, placed.id));
    expect(instance!.name).toMatch(/^race-db-[a-z0-9]{4}$/);
    expect(instance!.host).toBe(`${instance!.name}-rw.middlewares.svc.cluster.local`);
  });

  it('under concurrency: two rotations leave one password, two deletions start one operation', async () => {
    const { alice, db } = await setup();
    const [a, b] = await Promise.allSettled([alice.middlewares.rotatePassword({ id: DEMO_MIDDLEWARE_ID }), alice.middlewares.rotatePassword({ id: DEMO_MIDDLEWARE_ID })]);
    const won = [a, b].filter((result) => result.status === 'fulfilled');
    expect(won.length).toBeGreaterThanOrEqual(1);
    const current = await alice.middlewares.credentials({ id: DEMO_MIDDLEWARE_ID });
    // Whoever answered last holds the password that works now: never one that was overwritten.
    if (won.length === 1) expect((won[0] as PromiseFulfilledResult<{ password: string }>).value.password).toBe(current.password);

    const deletions = await Promise.allSettled([
      alice.middlewares.delete({ id: DEMO_MIDDLEWARE_ID, confirmName: 'orders-db' }),
      alice.middlewares.delete({ id: DEMO_MIDDLEWARE_ID, confirmName: 'orders-db' }),
    ]);
    expect(deletions.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const operations = await db.select().from(clusterOperations).where(and(eq(clusterOperations.clusterId, 'clu_demo_webshop'), eq(clusterOperations.type, 'middleware_delete')));
    expect(operations).toHaveLength(1);
    const [order] = await db.select().from(orders).where(eq(orders.id, 'ord_demo_postgres'));
    expect(order!.status).toBe('completed');
  });
});
