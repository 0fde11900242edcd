import { describe, expect, it } from 'vitest';
import { middlewareCodec } from './middleware-form-values';
import { issuesOf, TEST_MIDDLEWARE } from './test-items';

describe('middleware form values', () => {
  it('opens an edit with the middleware as it is, and sends only what changed', () => {
    const values = middlewareCodec.valuesOf(TEST_MIDDLEWARE);
    expect(middlewareCodec.updateInput(TEST_MIDDLEWARE, middlewareCodec.schema.parse({ ...values, versions: ['19', '18', '17'], description: 'PostgreSQL, managed.' }))).toEqual({
      id: 'mw_postgresql',
      versions: ['19', '18', '17'],
      description: 'PostgreSQL, managed.',
    });
  });

  it('creates a middleware, and asks for what is missing', () => {
    const values = { ...middlewareCodec.empty(), id: 'mw_clickhouse', name: 'ClickHouse', engine: 'clickhouse', category: 'database' as const, description: 'Analytics.', regionIds: ['fr-par-1'] };
    expect(middlewareCodec.createInput(middlewareCodec.schema.parse(values))).toEqual({
      id: 'mw_clickhouse',
      name: 'ClickHouse',
      engine: 'clickhouse',
      category: 'database',
      description: 'Analytics.',
      versions: [],
      regionIds: ['fr-par-1'],
      sortOrder: undefined,
    });
    expect(issuesOf(middlewareCodec.schema, middlewareCodec.empty()).map(([, message]) => message)).toEqual([
      'Name is required.',
      'Engine is required.',
      'Description is required.',
      'Choose at least one region.',
    ]);
  });
});
