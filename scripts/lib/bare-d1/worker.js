// The floor of `pnpm bench`: what the runtime itself charges for a route and for a D1 round trip,
// measured in the same run as the product (scripts/bench.mjs). A Worker with nothing around it:
// no framework, no session, no schema library. Its D1 database is its own, in a state directory
// of its own: a second workerd must never open the product's SQLite file, whose lock would fail
// the product's statements with SQLITE_BUSY (as it did the browser tests').
//   POST /setup       creates its table with one organisation's 20 clusters (once, before measuring);
//   /healthz          'ok', no database;
//   /d1               one trivial statement (SELECT 1): one round trip and nothing else;
//   /d1/clusters      one list-sized statement: the organisation's 20 clusters with the columns of
//                     the product's list, answered as JSON, as a list request's one round trip is.
/* global Response -- the Workers runtime's */

const COLUMNS = 'id, name, status, tier_id, region, kubernetes_version, node_count, monthly_cents, created_at, deleted_at';
const CLUSTERS = `SELECT ${COLUMNS} FROM clusters WHERE organization_id = ?1 AND status <> 'deleted' ORDER BY created_at DESC, id LIMIT 20`;
const ORGANIZATION = 'org_floor';

async function setup(db) {
  await db.prepare(`CREATE TABLE IF NOT EXISTS clusters (organization_id TEXT NOT NULL, ${COLUMNS.split(', ').join(' ANY, ')} ANY)`).run();
  // The product's clusters_organization_idx.
  await db.prepare('CREATE INDEX IF NOT EXISTS clusters_organization_idx ON clusters (organization_id, created_at)').run();
  await db.prepare('DELETE FROM clusters').run();
  const insert = db.prepare(`INSERT INTO clusters (organization_id, ${COLUMNS}) VALUES (?1, ?2, ?3, 'running', 'tier_standard', 'fr-par-1', '1.36.4', 3, 31900, ?4, NULL)`);
  await db.batch(Array.from({ length: 20 }, (_, index) => insert.bind(ORGANIZATION, `clu_floor_${index}`, `floor-${index}`, 1_764_000_000_000 + index)));
}

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/healthz') return new Response('ok');
    if (pathname === '/d1') return Response.json(await env.DB.prepare('SELECT 1 AS one').first());
    if (pathname === '/d1/clusters') {
      const { results } = await env.DB.prepare(CLUSTERS).bind(ORGANIZATION).all();
      return Response.json({ items: results });
    }
    if (pathname === '/setup' && request.method === 'POST') {
      await setup(env.DB);
      return new Response('ready');
    }
    return new Response('Not found', { status: 404 });
  },
};
