import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backoffDelays, createClient, KubeMarketApiError, KubeMarketNetworkError, KubeMarketStateError, KubeMarketTimeoutError, listAll, paginate, waitForCluster, waitForOrderPaid, type ClusterProgress, type KubeMarketClient } from './index.ts';
import { startFakeApi, type FakeApi } from './testing/fake-api.ts';

const TOKEN = 'kmt_test_0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}`, accept: 'application/json' };
const REQUEST_ID = 'req_abcdefghijklmnopqrstuvwxyz';

let api: FakeApi;
let client: KubeMarketClient;

beforeEach(async () => {
  api = await startFakeApi();
  client = createClient({ baseUrl: `${api.url}/`, token: TOKEN, userAgent: 'sdk-test/1' });
});

afterEach(async () => {
  const problems = api.problems();
  await api.close();
  expect(problems).toEqual([]);
});

describe('typed calls', () => {
  it('sends the token and answers the success body', async () => {
    api.expect({ method: 'GET', url: '/api/clusters/clu_1', headers: { ...AUTH, 'user-agent': 'sdk-test/1' }, answer: { id: 'clu_1', name: 'web', status: 'running' } });
    const cluster = await client.GET('/api/clusters/{id}', { params: { path: { id: 'clu_1' } } });
    expect(cluster.name).toBe('web');
  });

  it('sends the Idempotency-Key header and the JSON body of a creation (201)', async () => {
    const body = { lines: [{ kind: 'support', planId: 'sup_business' }], cycle: 'monthly' };
    api.expect({ method: 'POST', url: '/api/orders', headers: { ...AUTH, 'idempotency-key': 'key-12345678', 'content-type': 'application/json' }, body, status: 201, answer: { id: 'ord_1' } });
    const order = await client.POST('/api/orders', { params: { header: { 'Idempotency-Key': 'key-12345678' } }, body: body as never });
    expect(order.id).toBe('ord_1');
  });

  it('reads a binary answer as bytes', async () => {
    api.expect({ method: 'GET', url: '/api/billing/invoices/inv_1/pdf', headers: AUTH, raw: '%PDF-1.7 fake' });
    const pdf = await client.GET('/api/billing/invoices/{id}/pdf', { params: { path: { id: 'inv_1' } }, parseAs: 'arrayBuffer' });
    expect(Buffer.from(pdf).toString('latin1')).toBe('%PDF-1.7 fake');
  });
});

describe('typed errors', () => {
  it('throws a KubeMarketApiError with the code, message, request id and fields', async () => {
    const fields = [{ path: 'pageSize', message: 'Too big: expected number to be <=100' }];
    api.expect({ method: 'GET', url: '/api/clusters?pageSize=500', headers: AUTH, status: 400, answer: { message: 'pageSize: Too big', code: 'validation_failed', requestId: REQUEST_ID, fields } });
    const error = await client.GET('/api/clusters', { params: { query: { pageSize: 500 } } }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(KubeMarketApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'pageSize: Too big', requestId: REQUEST_ID, fields, isServerError: false });
  });

  it('codes an answer that is not the API error shape by its status, with the X-Request-Id header and Retry-After', async () => {
    api.expect({ method: 'GET', url: '/api/orders/ord_1', status: 503, raw: '<html>down</html>', answerHeaders: { 'X-Request-Id': REQUEST_ID, 'Retry-After': '7' } });
    const error = (await client.GET('/api/orders/{id}', { params: { path: { id: 'ord_1' } } }).catch((thrown: unknown) => thrown)) as KubeMarketApiError;
    expect(error).toMatchObject({ status: 503, code: 'unavailable', requestId: REQUEST_ID, retryAfterSeconds: 7, isServerError: true });
    expect(error.message).toContain('503');
  });

  it('throws a KubeMarketNetworkError when nothing answers', async () => {
    const closed = await startFakeApi();
    await closed.close();
    const error = await createClient({ baseUrl: closed.url, token: TOKEN }).GET('/api/clusters').catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(KubeMarketNetworkError);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });
});

describe('paginate', () => {
  const page = (items: string[], pageNumber: number, total: number) => ({ items: items.map((id) => ({ id })), page: pageNumber, pageSize: 2, total });

  it('asks for each page with the filters until the total is reached', async () => {
    api.expect(
      { method: 'GET', url: '/api/clusters?status=running&page=1&pageSize=2', headers: AUTH, answer: page(['a', 'b'], 1, 5) },
      { method: 'GET', url: '/api/clusters?status=running&page=2&pageSize=2', headers: AUTH, answer: page(['c', 'd'], 2, 5) },
      { method: 'GET', url: '/api/clusters?status=running&page=3&pageSize=2', headers: AUTH, answer: page(['e'], 3, 5) },
    );
    const ids: string[] = [];
    for await (const cluster of paginate(client, '/api/clusters', { query: { status: 'running' }, pageSize: 2 })) ids.push(cluster.id);
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('stops at an empty page even when the total said more, and at the limit', async () => {
    api.expect(
      { method: 'GET', url: '/api/billing/invoices?page=1&pageSize=2', answer: page(['a', 'b'], 1, 9) },
      { method: 'GET', url: '/api/billing/invoices?page=2&pageSize=2', answer: page([], 2, 9) },
      { method: 'GET', url: '/api/clusters/clu_1/events?page=1&pageSize=2', answer: page(['x', 'y'], 1, 9) },
    );
    expect((await listAll(client, '/api/billing/invoices', { pageSize: 2 })).map((invoice) => invoice.id)).toEqual(['a', 'b']);
    expect(await listAll(client, '/api/clusters/{id}/events', { path: { id: 'clu_1' }, pageSize: 2, limit: 1 })).toEqual([{ id: 'x' }]);
  });
});

describe('waiting', () => {
  const operation = (currentStep: number, progressPercent: number, status = 'running', error: string | null = null) => ({
    type: 'provision',
    status,
    currentStep,
    progressPercent,
    remainingMs: 1000,
    error,
    steps: [
      { key: 'validate', label: 'Validating the order' },
      { key: 'network', label: 'Creating the network' },
    ],
  });
  const cluster = (status: string, op: ReturnType<typeof operation> | null) => ({ id: 'clu_1', name: 'web', status, currentOperation: status === 'provisioning' ? op : null, lastOperation: op });
  const url = '/api/clusters/clu_1';

  it('grows the pause between polls by the factor up to the maximum', () => {
    const delays = backoffDelays({ initialDelayMs: 100, factor: 2, maxDelayMs: 500 });
    expect(Array.from({ length: 6 }, () => delays.next().value)).toEqual([100, 200, 400, 500, 500, 500]);
  });

  it('polls a cluster with back-off through a passing 503, reporting each step, until it runs', async () => {
    api.expect(
      { method: 'GET', url, headers: AUTH, answer: cluster('provisioning', operation(0, 10)) },
      { method: 'GET', url, headers: AUTH, status: 503, answer: { message: 'Busy', code: 'unavailable', requestId: REQUEST_ID } },
      { method: 'GET', url, headers: AUTH, answer: cluster('provisioning', operation(1, 60)) },
      { method: 'GET', url, headers: AUTH, answer: cluster('running', operation(1, 100, 'succeeded')) },
    );
    const slept: number[] = [];
    const progress: ClusterProgress[] = [];
    const running = await waitForCluster(client, 'clu_1', { initialDelayMs: 10, factor: 3, maxDelayMs: 50, onProgress: (p) => progress.push(p), sleep: async (ms) => void slept.push(ms) });
    expect(running.status).toBe('running');
    expect(slept).toEqual([10, 30, 50]);
    expect(progress.map((p) => [p.status, p.operation?.progressPercent, p.operation?.step?.label])).toEqual([
      ['provisioning', 10, 'Validating the order'],
      ['provisioning', 60, 'Creating the network'],
      ['running', 100, 'Creating the network'],
    ]);
  });

  it('throws a KubeMarketStateError when the cluster fails, and a 404 as it came', async () => {
    api.expect({ method: 'GET', url, answer: cluster('failed', operation(1, 50, 'failed', 'The network step failed')) });
    await expect(waitForCluster(client, 'clu_1', { sleep: async () => {} })).rejects.toThrow(new KubeMarketStateError('Cluster web (clu_1) is failed: The network step failed'));
    api.expect({ method: 'GET', url: '/api/clusters/clu_2', status: 404, answer: { message: 'Cluster not found', code: 'not_found', requestId: REQUEST_ID } });
    await expect(waitForCluster(client, 'clu_2', { sleep: async () => {} })).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('gives up at the deadline with a KubeMarketTimeoutError, never sleeping past it', async () => {
    let clock = 0;
    const slept: number[] = [];
    api.expect(...Array.from({ length: 3 }, () => ({ method: 'GET', url, answer: cluster('provisioning', operation(0, 5)) })));
    const waiting = waitForCluster(client, 'clu_1', { timeoutMs: 1_500, initialDelayMs: 600, factor: 2, now: () => clock, sleep: async (ms) => void (slept.push(ms), (clock += ms)) });
    await expect(waiting).rejects.toBeInstanceOf(KubeMarketTimeoutError);
    expect(slept).toEqual([600, 900]);
  });

  it('waits for an order to be paid, and stops at a cancelled one', async () => {
    api.expect(
      { method: 'GET', url: '/api/orders/ord_1', answer: { id: 'ord_1', status: 'pending' } },
      { method: 'GET', url: '/api/orders/ord_1', answer: { id: 'ord_1', status: 'paid' } },
      { method: 'GET', url: '/api/orders/ord_2', answer: { id: 'ord_2', status: 'cancelled', failureReason: null } },
    );
    const seen: string[] = [];
    expect((await waitForOrderPaid(client, 'ord_1', { sleep: async () => {}, onProgress: ({ status }) => seen.push(status) })).status).toBe('paid');
    expect(seen).toEqual(['pending', 'paid']);
    await expect(waitForOrderPaid(client, 'ord_2', { sleep: async () => {} })).rejects.toBeInstanceOf(KubeMarketStateError);
  });
});
