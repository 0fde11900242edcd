// The database of a Worker served by serve-worker.mjs with `databasePort` (startLocalWorker's
// `databaseUrl`), as a D1Like (race-scenarios.d.mts): each statement runs in the Worker's own
// workerd, one at a time beside the Worker's own, never from a second process holding the SQLite
// file's lock while the Worker writes (which failed the Worker's statements with SQLITE_BUSY).
// For the browser tests (web/e2e/database.ts) and pnpm bench:races.

/** @param {string} url @returns {import('./race-scenarios.mjs').D1Like} */
export function workerDatabaseAt(url) {
  const statement = (query, values, method) => async () => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, values, method }) });
    const answer = await response.json();
    if (!response.ok) throw new Error(`The Worker's database refused ${query}: ${answer.error}`);
    return answer.result;
  };
  return {
    prepare: (query) => ({
      bind: (...values) => ({ first: statement(query, values, 'first'), run: statement(query, values, 'run') }),
    }),
  };
}
