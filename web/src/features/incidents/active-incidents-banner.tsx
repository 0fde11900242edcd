import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/date-format';
import { affectedSummary, IMPACT_COLORS, IMPACT_LABELS, incidentAnchor, STATUS_LABELS } from './incident-display';
import { useIncidents } from './incident-queries';

/** The dashboard's notice of open platform incidents, each with its latest update; nothing when healthy. */
export function ActiveIncidentsBanner() {
  const { data } = useIncidents();
  const active = data?.active ?? [];
  if (active.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-label="Active platform incidents" data-testid="active-incidents">
      {active.map((incident) => {
        const latest = incident.updates[0];
        return (
          <Alert
            key={incident.id}
            id={incidentAnchor(incident.id)}
            // Mantine's default role is alert; this notice is read on every dashboard visit, and a new
            // one appearing while the page is open is announced politely.
            role="status"
            color={IMPACT_COLORS[incident.impact]}
            variant="light"
            icon={incident.impact === 'none' ? <IconInfoCircle size={18} /> : <IconAlertTriangle size={18} />}
            title={
              <Group gap="xs" wrap="wrap">
                <span>{incident.title}</span>
                <Badge color={IMPACT_COLORS[incident.impact]} variant="filled" size="sm" tt="none">
                  {IMPACT_LABELS[incident.impact]}
                </Badge>
                <Badge color="gray" variant="outline" size="sm" tt="none">
                  {STATUS_LABELS[incident.status]}
                </Badge>
              </Group>
            }
            data-testid="active-incident"
          >
            <Stack gap={4}>
              <Text size="sm">Affected: {affectedSummary(incident)}</Text>
              {latest ? (
                <Text size="sm">
                  <Text span fw={600}>
                    {formatDateTime(latest.createdAt)}:
                  </Text>{' '}
                  {latest.message}
                </Text>
              ) : null}
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
}
