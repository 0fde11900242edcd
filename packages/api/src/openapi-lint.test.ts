import spectralCore from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';
import { restRoutes } from './rest';

const { Spectral, Document } = spectralCore;

describe('the OpenAPI document under Spectral', () => {
  it('has no error and no warning under spectral:oas', { timeout: 60_000 }, async () => {
    const document = openApiDocument(restRoutes(), { version: '1.0.0', serverUrl: 'https://console.example.eu' });
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'all']] } as never);
    const results = await spectral.run(new Document(JSON.stringify(document, null, 2), (await import('@stoplight/spectral-parsers')).Json));
    const problems = results.filter((result) => result.severity <= 1).map((result) => `${result.severity === 0 ? 'error' : 'warning'} ${result.code} ${result.path.join('.')}: ${result.message}`);
    const counts = new Map<string, number>();
    for (const problem of problems) counts.set(problem.split(' ').slice(0, 2).join(' '), (counts.get(problem.split(' ').slice(0, 2).join(' ')) ?? 0) + 1);
    console.log(counts, problems.slice(0, 25));
    expect(problems).toEqual([]);
  });
});
