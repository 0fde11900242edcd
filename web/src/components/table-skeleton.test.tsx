import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TableSkeleton } from './table-skeleton';

const html = (element: ReactElement) => renderToStaticMarkup(<MantineProvider>{element}</MantineProvider>);
const count = (markup: string, pattern: RegExp) => markup.match(pattern)?.length ?? 0;

describe('TableSkeleton', () => {
  it('lays out the headings, caption and scroll width of the table it stands for, hidden from assistive technology', () => {
    const markup = html(<TableSkeleton columns={['Credit', 'Origin', 'Left']} caption="Credits, in the order they are spent" minWidth={640} />);
    expect(markup).toMatch(/<div[^>]*aria-hidden="true"[^>]*data-testid="table-skeleton"/);
    expect(markup).toContain('<caption');
    expect(markup).toContain('Credits, in the order they are spent');
    expect([...markup.matchAll(/<th[^>]*>([^<]*)<\/th>/g)].map((match) => match[1])).toEqual(['Credit', 'Origin', 'Left']);
    // Mantine writes 640 px as 40rem.
    expect(markup).toContain('--table-min-width:calc(40rem');
    // One placeholder row of one skeleton per column.
    expect(count(markup, /<tr/g)).toBe(2);
    expect(count(markup, /<td/g)).toBe(3);
  });

  it('puts as many placeholder rows as asked', () => {
    const markup = html(<TableSkeleton columns={['Number', 'Total']} caption="3 invoices, newest first" minWidth={720} rows={3} />);
    expect(count(markup, /<tr/g)).toBe(4);
    expect(count(markup, /<td/g)).toBe(6);
  });

  it('lays a sample row under the skeletons, cell by cell, so that it wraps as a real row would', () => {
    const markup = html(<TableSkeleton columns={['Number', 'Period', 'Total']} caption="1 invoice, newest first" minWidth={720} sample={['KM-2026-000001', undefined, '€38.99']} />);
    const cells = [...markup.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((match) => match[1]);
    expect(cells).toHaveLength(3);
    expect(cells[0]).toContain('KM-2026-000001');
    expect(cells[1]).not.toContain('KM-2026');
    expect(cells[2]).toContain('€38.99');
  });
});
