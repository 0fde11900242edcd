import { describe, expect, it } from 'vitest';
import { visibleItems } from './list-filter';

const items = [
  { id: 'addon_monitoring', name: 'Prometheus and Grafana', archivedAt: null },
  { id: 'addon_cert_manager', name: 'cert-manager', archivedAt: null },
  { id: 'addon_old', name: 'Vieux système', archivedAt: 1 },
];
const textOf = (item: (typeof items)[number]) => [item.name, item.id];
const ids = (shown: typeof items) => shown.map((item) => item.id);

describe('catalogue list filter', () => {
  it('hides archived items unless asked', () => {
    expect(ids(visibleItems(items, '', false, textOf))).toEqual(['addon_monitoring', 'addon_cert_manager']);
    expect(ids(visibleItems(items, '', true, textOf))).toEqual(['addon_monitoring', 'addon_cert_manager', 'addon_old']);
  });

  it('finds items holding every word searched, by name or id, ignoring case and accents', () => {
    expect(ids(visibleItems(items, 'GRAFANA prom', false, textOf))).toEqual(['addon_monitoring']);
    expect(ids(visibleItems(items, 'cert_manager', false, textOf))).toEqual(['addon_cert_manager']);
    expect(ids(visibleItems(items, 'systeme', true, textOf))).toEqual(['addon_old']);
    expect(ids(visibleItems(items, 'systeme', false, textOf))).toEqual([]);
    expect(ids(visibleItems(items, 'grafana loki', false, textOf))).toEqual([]);
  });
});
