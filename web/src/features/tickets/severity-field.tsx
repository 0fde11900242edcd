import { Alert, Radio, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { formatTarget } from './sla-display';
import { SEVERITY_LABELS, TICKET_SEVERITIES } from './ticket-types';
import type { TicketOptions, TicketSeverity } from './ticket-types';

function targetText(row: TicketOptions['severities'][number], hours: TicketOptions['plan']['hours']): string {
  if (!row.available || row.responseMinutes === null) return 'Not included in your plan';
  const within = hours === '24x7' ? ', 24/7' : ' (business hours)';
  return `First response within ${formatTarget(row.responseMinutes)}${within}; updates every ${formatTarget(row.updateMinutes)}`;
}

/** P1–P4 with the plan's targets; P1 off the plan is shown disabled, with the plan that adds it. */
export function SeverityField({ options, value, onChange }: { options: TicketOptions | undefined; value: TicketSeverity; onChange: (value: TicketSeverity) => void }) {
  const p1 = options?.severities.find((row) => row.severity === 'P1');
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Severity"
        description={options ? `Targets of your ${options.plan.name} plan` : undefined}
        value={value}
        onChange={(next) => onChange(next as TicketSeverity)}
        withAsterisk
      >
        <Stack gap={8} mt="xs">
          {TICKET_SEVERITIES.map((severity) => {
            const row = options?.severities.find((candidate) => candidate.severity === severity);
            return (
              <Radio
                key={severity}
                value={severity}
                label={SEVERITY_LABELS[severity]}
                description={row && options ? targetText(row, options.plan.hours) : undefined}
                disabled={row ? !row.available : false}
                data-testid={`severity-${severity}`}
              />
            );
          })}
        </Stack>
      </Radio.Group>
      {p1 && !p1.available && options ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="p1-unavailable">
          <Text size="sm">
            P1 (critical, 24/7) is not part of your {options.plan.name} plan.
            {options.p1UpgradePlan ? ` The ${options.p1UpgradePlan.name} plan adds it; order it under Orders → Support.` : ''} Until then, choose P2 for a production
            incident.
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
