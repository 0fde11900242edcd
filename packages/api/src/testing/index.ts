/**
 * The API's test scaffolding (issue 32), `@kubemarket/api/testing`: callers over a seeded database
 * and the ports tests replace (callers.ts: createTestCaller, mailingTestbed...), the clusters test
 * bed (cluster-testbed.ts), and the stand-ins for the outside services (fakes/, also
 * `@kubemarket/api/testing/fakes`). One family of tests' own bed is imported by its path:
 * gardener-bed.ts, stripe-bed.ts, orders-bed.ts, invoices-fixtures.ts, pdf-read-back.ts,
 * authorization-matrix/, and data files in fixtures/. Test files only:
 * production code in src/ may not import from here (eslint.config.js).
 */
export * from './callers';
export * from './cluster-testbed';
export * from './fakes';
