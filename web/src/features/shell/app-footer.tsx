import { Badge, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { VersionBadge } from '../meta/version-badge';
import { BrandMark } from './brand-mark';

/** SPEC.md section 1: the claims the footer makes. */
const COMPLIANCE_CLAIMS = [
  'Enterprise ready',
  'GDPR compliant',
  'HDS certified',
  'Data sovereignty',
  'CISPE compliant',
] as const;

export function AppFooter() {
  const year = new Date().getFullYear();

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={6} maw={420}>
            <Group gap="xs">
              <BrandMark />
              <Text fw={700}>KubeMarket</Text>
            </Group>
            <Text size="sm" c="dimmed">
              Managed Kubernetes operated in European data centres, under European law, for organisations that
              need to know where their workloads and data live.
            </Text>
          </Stack>
          <Group gap="xs" component="ul" aria-label="Compliance" p={0} m={0} style={{ listStyle: 'none' }}>
            {COMPLIANCE_CLAIMS.map((claim) => (
              <li key={claim}>
                <Badge variant="outline" color="gray" radius="sm">
                  {claim}
                </Badge>
              </li>
            ))}
          </Group>
        </Group>
        <Divider />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            © {year} KubeMarket. All rights reserved.
          </Text>
          <VersionBadge />
        </Group>
      </Stack>
    </Container>
  );
}
