import type { ComponentStatus, TopologyComponent, TopologyComponentKind } from './topology-model';

export const KIND_LABELS: Record<TopologyComponentKind, string> = {
  internet: 'Internet',
  administrators: 'Administrators',
  'load-balancer': 'Load balancer',
  'api-endpoint': 'API endpoint',
  'control-plane': 'Control plane',
  'node-pool': 'Node pool',
};

/** Mantine colour of each kind's icon. */
export const KIND_COLORS: Record<TopologyComponentKind, string> = {
  internet: 'gray',
  administrators: 'gray',
  'load-balancer': 'blue',
  'api-endpoint': 'violet',
  'control-plane': 'violet',
  'node-pool': 'teal',
};

export const STATUS_LABELS: Record<ComponentStatus, string> = {
  healthy: 'Healthy',
  degraded: 'Degraded',
  unhealthy: 'Unhealthy',
  provisioning: 'Provisioning',
  unknown: 'Unknown',
};

/**
 * Light badges: the theme's text on each tint keeps 4.5:1 (measured with axe on a live cluster's
 * topology); yellow's did not (2.8:1), so degraded parts are pink. The label says the status.
 */
export const STATUS_COLORS: Record<ComponentStatus, string> = {
  healthy: 'teal',
  degraded: 'pink',
  unhealthy: 'red',
  provisioning: 'blue',
  unknown: 'gray',
};

/** Where a component runs, in words: its zone, or outside the zones. */
export function placeLabel(component: TopologyComponent): string {
  return component.zoneId === null ? 'Outside the zones' : `Zone ${component.zoneId}`;
}
