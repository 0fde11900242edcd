import { describe, expect, it } from 'vitest';
import { emptyMiddlewareValues, middlewareCreateInput, middlewareFormSchema, middlewareUpdateInput, middlewareValuesOf } from './middleware-form-values';
import { TEST_MIDDLEWARE } from './test-items';

describe('middleware form values', () => {
  it('opens an edit with the middleware as it is, and sends only what changed', () => {
    const values = middlewareValuesOf(TEST_MIDDLEWARE);
    expect(middlewareUpdateInput(TEST_MIDDLEWARE, middlewareFormSchema.parse(values))).toEqual({ id: 'mw_postgresql' });
    expect(middlewareUpdateInput(TEST_MIDDLEWARE, middlewareFormSchema.parse({ ...values, versions: ['19', '18', '17'], description: 'PostgreSQL, managed.' }))).toEqual({
      id: 'mw_postgresql',
      versions: ['19', '18', '17'],
      description: 'PostgreSQL, managed.',
    });
  });

  it('creates a middleware, and asks for what is missing', () => {
    const values = { ...emptyMiddlewareValues(), id: 'mw_clickhouse', name: 'ClickHouse', engine: 'clickhouse', category: 'database' as const, description: 'Analytics.', regionIds: ['fr-par-1'] };
    expect(middlewareCreateInput(middlewareFormSchema.parse(values))).toEqual({
      id: 'mw_clickhouse',
      name: 'ClickHouse',
      engine: 'clickhouse',
      category: 'database',
      description: 'Analytics.',
      versions: [],
      regionIds: ['fr-par-1'],
      sortOrder: undefined,
    });
    expect(middlewareFormSchema.safeParse(emptyMiddlewareValues()).error?.issues.map((issue) => issue.message)).toEqual([
      'Name is required.',
      'Engine is required.',
      'Description is required.',
      'Choose at least one region.',
    ]);
  });
});
