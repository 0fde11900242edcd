// `pnpm bench:clusters`: inserts CLUSTERS clusters (three nodes each) for one organisation (Acme)
// into a fresh local D1, serves the built Worker on 127.0.0.1, and prints the p50/p99 of
// /my-clusters' list call (GET /api/clusters: searched, filtered, sorted, a late page) against
// GET /api/cluster-tiers, measured in the same run. Not a test. BENCH_SKIP_BUILD=1 reuses the last build.
import { rmSync } from 'node:fs';
import { passwordSession } from './lib/bench-client.mjs';
import { benchDatabase, insertAll, measureAgainstTiers, measurePath, printAgainstBaseline } from './lib/bench-lists.mjs';
import { startLocalWorker } from './lib/local-worker.mjs';

const CLUSTERS = Number(process.env.BENCH_CLUSTERS ?? 10_000);
const NODES_PER_CLUSTER = 3;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ORGANIZATION = 'org_demo_acme';
const STATUSES = ['running', 'running', 'running', 'running', 'provisioning', 'hibernated', 'failed', 'deleted'];
const REGIONS = ['fr-par-1', 'de-fra-1', 'nl-ams-1'];
const TIERS = ['tier_standard', 'tier_economy', 'tier_devtest'];

async function insertRows(db) {
  const now = Date.now();
  const clusters = [];
  const pools = [];
  const nodes = [];
  for (let index = 0; index < CLUSTERS; index += 1) {
    const id = `clu_bench_${index}`;
    const region = REGIONS[index % REGIONS.length];
    const status = STATUSES[index % STATUSES.length];
    clusters.push(
      `('${id}','${ORGANIZATION}','bench-${index.toString().padStart(5, '0')}','${TIERS[index % TIERS.length]}','${region}','${status}','1.37.1',${NODES_PER_CLUSTER},${4_900 + (index % 97) * 100},${now - index * 60_000},${now},${status === 'deleted' ? now : 'NULL'})`,
    );
    pools.push(`('npl_bench_${index}','${id}','default','gp-2-8',${NODES_PER_CLUSTER},'1.37.1',${now},${now})`);
    for (let node = 0; node < NODES_PER_CLUSTER; node += 1) {
      nodes.push(`('nod_bench_${index}_${node}','${id}','npl_bench_${index}','bench-${index}-${node}','${region}${'abc'[node]}','${status === 'running' ? 'ready' : 'not_ready'}','v1.37.1',2000,8192,${now},${now})`);
    }
  }
  await insertAll(db, 'clusters', 'id, organization_id, name, tier_id, region, status, kubernetes_version, node_count, monthly_cents, created_at, updated_at, deleted_at', clusters);
  await insertAll(db, 'node_pools', 'id, cluster_id, name, flavor_id, count, kubernetes_version, created_at, updated_at', pools);
  await insertAll(db, 'cluster_nodes', 'id, cluster_id, pool_id, name, zone, status, kubelet_version, cpu_millicores, memory_mib, created_at, updated_at', nodes);
  const { n } = await db.prepare('SELECT count(*) AS n FROM clusters WHERE organization_id = ?').bind(ORGANIZATION).first();
  return n;
}

const { persistTo, filled: stored } = await benchDatabase('clusters', insertRows);
const worker = await startLocalWorker({ port: Number(process.env.BENCH_PORT ?? 8796), persistTo, quiet: true });
const origin = worker.url;

const measure = (path, cookie) => measurePath(origin, path, cookie, REQUESTS, (candidate) => candidate.startsWith('/api/clusters'));

try {
  const { cookie } = await passwordSession(origin, 'alice');
  const lists = [
    '/api/clusters?page=1&pageSize=20',
    '/api/clusters?page=1&pageSize=20&sort=name',
    '/api/clusters?page=1&pageSize=20&sort=status',
    '/api/clusters?page=1&pageSize=20&sort=cost',
    '/api/clusters?page=1&pageSize=20&sort=nodes',
    '/api/clusters?page=1&pageSize=20&q=bench-0421',
    '/api/clusters?page=1&pageSize=20&status=failed&region=de-fra-1',
    '/api/clusters?page=1&pageSize=20&q=nobody-matches-this',
    '/api/clusters?page=300&pageSize=25',
  ];
  const rows = await measureAgainstTiers(measure, cookie, lists);
  console.log(`\n${stored} clusters of ${ORGANIZATION} (${CLUSTERS} inserted with ${NODES_PER_CLUSTER} nodes each, the rest seeded), ${REQUESTS} sequential requests each, Miniflare (the built Worker) on ${origin}\n`);
  printAgainstBaseline(rows);
} finally {
  await worker.stop();
  rmSync(persistTo, { recursive: true, force: true });
}
