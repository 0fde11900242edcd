import { describe, expect, it, vi } from 'vitest';

describe('zod without eval', () => {
  it('tells zod, before any schema is built, not to compile parsers with new Function', async () => {
    vi.resetModules();
    await import('./zod-without-eval');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const compile = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), count: z.number() });
    expect(schema.parse({ name: 'a', count: 1 })).toEqual({ name: 'a', count: 1 });
    expect(compile).not.toHaveBeenCalled();
    compile.mockRestore();
  });
});
