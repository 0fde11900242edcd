// The floor of `pnpm bench`: what the runtime itself charges for a route and for a D1 round trip,
// measured in the same run as the product (scripts/bench.mjs). A Worker with nothing around it:
// no framework, no session, no schema. It binds the product's local D1 database (the same id, the
// same state directory), so its statements read the seeded rows.
//   /healthz          'ok', no database;
//   /d1               one trivial statement (SELECT 1): one round trip and nothing else;
//   /d1/clusters      one statement of a list's size: an organisation's clusters (20 at most),
//                     answered as JSON, as a list request's one round trip is.
/* global Response -- the Workers runtime's */

const CLUSTERS = `SELECT c.id, c.name, c.status, c.tier_id, c.region, c.kubernetes_version, c.node_count, c.monthly_cents, c.created_at, c.deleted_at
  FROM clusters c WHERE c.organization_id = ?1 AND c.status <> 'deleted' ORDER BY c.created_at DESC, c.id LIMIT 20`;

export default {
  async fetch(request, env) {
    const { pathname, searchParams } = new URL(request.url);
    if (pathname === '/healthz') return new Response('ok');
    if (pathname === '/d1') return Response.json(await env.DB.prepare('SELECT 1 AS one').first());
    if (pathname === '/d1/clusters') {
      const { results } = await env.DB.prepare(CLUSTERS).bind(searchParams.get('organization') ?? '').all();
      return Response.json({ items: results });
    }
    return new Response('Not found', { status: 404 });
  },
};
