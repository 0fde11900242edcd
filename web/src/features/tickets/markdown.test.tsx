import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdown';
import { MarkdownView } from './markdown-view';

const html = (source: string) =>
  renderToStaticMarkup(
    <MantineProvider>
      <MarkdownView source={source} />
    </MantineProvider>,
  );

describe('parseMarkdown', () => {
  it('reads paragraphs with line breaks, lists, quotes, code and headings', () => {
    expect(parseMarkdown('# Title\n\nfirst line\nsecond line\n\n- a\n- b\n\n1. one\n2. two\n\n> quoted\n\n```\nkubectl get pods\n<b>\n```')).toEqual([
      { type: 'heading', children: [{ type: 'text', text: 'Title' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'first line' }, { type: 'break' }, { type: 'text', text: 'second line' }] },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'a' }], [{ type: 'text', text: 'b' }]] },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]] },
      { type: 'quote', children: [{ type: 'text', text: 'quoted' }] },
      { type: 'code', text: 'kubectl get pods\n<b>' },
    ]);
  });

  it('reads bold, italic, inline code and links', () => {
    expect(parseInline('**bold** and *it* and _it_ `x<y>` [docs](https://example.com/a)')).toEqual([
      { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
      { type: 'text', text: ' and ' },
      { type: 'em', children: [{ type: 'text', text: 'it' }] },
      { type: 'text', text: ' and ' },
      { type: 'em', children: [{ type: 'text', text: 'it' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'x<y>' },
      { type: 'text', text: ' ' },
      { type: 'link', href: 'https://example.com/a', children: [{ type: 'text', text: 'docs' }] },
    ]);
  });

  it('leaves snake_case names alone', () => {
    expect(parseInline('set max_pods_per_node now')).toEqual([{ type: 'text', text: 'set max_pods_per_node now' }]);
  });
});

describe('safeHref', () => {
  it('allows http, https and mailto only', () => {
    expect(safeHref('https://kubemarket.example/x')).toBe('https://kubemarket.example/x');
    expect(safeHref('mailto:ops@example.com')).toBe('mailto:ops@example.com');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeHref('/relative')).toBeNull();
  });
});

describe('MarkdownView', () => {
  it('shows tags typed by a requester as text, never as elements', () => {
    const out = html('<script>alert(1)</script>\n<img src=x onerror=alert(2)>\n**<iframe src="https://evil.example">**');
    expect(out).not.toMatch(/<script|<img|<iframe/i);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(2)&gt;');
  });

  it('renders a javascript: link as its text, and a web link with a safe rel', () => {
    const out = html('[click](javascript:alert(document.cookie)) [ok](https://example.com)');
    expect(out).not.toMatch(/href="javascript:/i);
    expect(out).toContain('[click](javascript:alert(document.cookie))');
    expect(out).toMatch(/<a [^>]*href="https:\/\/example.com\/"[^>]*rel="noopener noreferrer nofollow ugc"/);
  });

  it('keeps line breaks of plain text', () => {
    expect(html('line one\nline two')).toMatch(/line one<br\/>line two/);
  });
});
