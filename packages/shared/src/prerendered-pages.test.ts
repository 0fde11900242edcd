import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { APP_LOADER_SCRIPT, APP_LOADER_SCRIPT_HASH, COLOR_SCHEME_SCRIPT, COLOR_SCHEME_SCRIPT_HASH, PRERENDERED_PAGES, prerenderedAssetPath } from './prerendered-pages';

describe('prerendered pages', () => {
  it('allows the colour-scheme script by the hash of its exact text', () => {
    const digest = createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64');
    expect(COLOR_SCHEME_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
  });

  it('allows the app loader by the hash of its exact text', () => {
    const digest = createHash('sha256').update(APP_LOADER_SCRIPT).digest('base64');
    expect(APP_LOADER_SCRIPT_HASH).toBe(`'sha256-${digest}'`);
  });

  it('maps each prerendered page to its own asset, and nothing else to any', () => {
    const assets = PRERENDERED_PAGES.map(prerenderedAssetPath);
    expect(assets[0]).toBe('/_prerendered/home');
    expect(prerenderedAssetPath('/pricing')).toBe('/_prerendered/pricing');
    expect(new Set(assets).size).toBe(PRERENDERED_PAGES.length);
    for (const path of ['/dashboard', '/pricing/', '/PRICING', '/_prerendered/home', '', '/pricing?x=1']) expect(prerenderedAssetPath(path)).toBeNull();
  });
});
