import { describe, expect, it } from 'vitest';
import { cssModuleClasses, parseChunkStyles, stylesheetLinksFor } from './page-styles';
import { appScriptsFor } from './route-preloads';

describe("a page's chunk stylesheets (ADR 0017, ADR 0045)", () => {
  it('finds the CSS-module classes a stylesheet defines, once each', () => {
    expect(cssModuleClasses('._sidebar_abcde_1{color:red}._sidebar_abcde_1:hover{}._item_fghij_12 ._x{}.m_8a5d1357{}')).toEqual(['_sidebar_abcde_1', '_item_fghij_12']);
  });

  it('links the stylesheets whose classes the markup uses, and only ours', () => {
    const styles = parseChunkStyles([
      { href: '/assets/layout-a.css', classes: ['_sidebar_abcde_1'] },
      { href: '/assets/diagram-b.css', classes: ['_diagram_fghij_2'] },
      { href: 'https://evil.example/x.css', classes: ['_sidebar_abcde_1'] },
      { href: '/assets/x.css', classes: [1] },
    ]);
    expect(styles.map((style) => style.href)).toEqual(['/assets/layout-a.css', '/assets/diagram-b.css']);
    expect(stylesheetLinksFor(styles, '<nav class="m_1 _sidebar_abcde_1"></nav>')).toBe('<link rel="stylesheet" crossorigin href="/assets/layout-a.css">');
    expect(parseChunkStyles({ not: 'a table' })).toEqual([]);
  });

  it("loads the entry first, then what it imports, the route's files and the shell's, each once", () => {
    const table = { routes: [{ pattern: '/billing', chunks: ['/assets/b.js'], files: ['/assets/b.js', '/assets/react.js'], signedIn: true }], shell: ['/assets/s.js'] };
    expect(appScriptsFor(table, '/billing', ['/assets/index.js', '/assets/react.js'])).toEqual(['/assets/index.js', '/assets/react.js', '/assets/b.js', '/assets/s.js']);
  });
});
