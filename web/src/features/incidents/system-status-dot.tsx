import { Tooltip } from '@mantine/core';
import { AnchorLink } from '../../components/router-links';
import { IMPACT_COLORS, incidentAnchor } from './incident-display';
import { useSystemStatus } from './incident-queries';

/**
 * The sidebar rail's status dot: green and 'System Status: Healthy' while nothing is open, else
 * the colour and impact of the worst open incident, linking to it on the dashboard.
 */
export function SystemStatusDot({ className }: { className?: string | undefined }) {
  const { label, incident } = useSystemStatus();
  const color = incident ? IMPACT_COLORS[incident.impact] : null;
  const dot = (
    <div
      className={className}
      role="status"
      aria-label={label}
      data-testid="system-status"
      data-impact={incident?.impact}
      style={color ? { backgroundColor: `var(--mantine-color-${color}-6)`, boxShadow: `0 0 0 3px var(--mantine-color-${color}-light)` } : undefined}
    />
  );
  if (!incident) {
    return (
      <Tooltip label={label} position="right">
        {dot}
      </Tooltip>
    );
  }
  return (
    <Tooltip label={`${label}: ${incident.title}`} position="right">
      <AnchorLink
        to="/dashboard"
        hash={incidentAnchor(incident.id)}
        aria-label={`${label}: ${incident.title}. View the incident`}
        data-testid="system-status-link"
        style={{ display: 'inline-flex', padding: 4, borderRadius: '50%' }}
      >
        {dot}
      </AnchorLink>
    </Tooltip>
  );
}
