import type { ReactNode } from 'react';
import { Anchor, Badge, Container, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { AnchorLink } from '../../components/router-links';
import { useClusterTiers } from '../catalog';
import { openCookiePreferences } from '../consent';
import { VersionBadge } from '../meta';
import { BrandMark } from './brand-mark';
import { FOOTER_COMPANY_LINKS, FOOTER_LEGAL_LINKS, clusterTypeLinks } from './footer-links';
import type { ClusterTypeLink, FooterLink } from './footer-links';

/** docs/product/screens.md#footer: the claims the footer makes. */
const COMPLIANCE_CLAIMS = [
  'Enterprise ready',
  'GDPR compliant',
  'HDS certified',
  'Data sovereignty',
  'CISPE compliant',
] as const;

function ColumnTitle({ children }: { children: string }) {
  return (
    <Text size="xs" fw={700} tt="uppercase" c="dimmed">
      {children}
    </Text>
  );
}

function LinkColumn({ title, links, testId, children }: { title: string; links: readonly FooterLink[]; testId: string; children?: ReactNode }) {
  return (
    <Stack gap={8} component="nav" aria-label={title} data-testid={testId}>
      <ColumnTitle>{title}</ColumnTitle>
      {links.map((link) => (
        <AnchorLink key={link.label} to={link.to} size="sm" c="var(--mantine-color-text)">
          {link.label}
        </AnchorLink>
      ))}
      {children}
    </Stack>
  );
}

function ClusterTypeColumn({ links }: { links: readonly ClusterTypeLink[] }) {
  return (
    <Stack gap={8} component="nav" aria-label="Cluster types" data-testid="footer-cluster-types">
      <ColumnTitle>Cluster types</ColumnTitle>
      {links.map((link) => (
        <AnchorLink key={link.key} to="/cluster-types/$type" params={{ type: link.type }} size="sm" c="var(--mantine-color-text)">
          {link.label}
        </AnchorLink>
      ))}
    </Stack>
  );
}

export function AppFooter() {
  const year = new Date().getFullYear();
  const { data: tiers } = useClusterTiers();

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap={6}>
            <Group gap="xs">
              <BrandMark />
              <Text fw={700}>KubeMarket</Text>
            </Group>
            <Text size="sm" c="dimmed">
              Managed Kubernetes operated in European data centres, under European law, for organisations that
              need to know where their workloads and data live.
            </Text>
          </Stack>
          <ClusterTypeColumn links={clusterTypeLinks(tiers)} />
          <LinkColumn title="Company" links={FOOTER_COMPANY_LINKS} testId="footer-company" />
          <LinkColumn title="Legal" links={FOOTER_LEGAL_LINKS} testId="footer-legal">
            <Anchor component="button" type="button" size="sm" ta="left" c="var(--mantine-color-text)" onClick={openCookiePreferences}>
              Cookie preferences
            </Anchor>
          </LinkColumn>
        </SimpleGrid>
        <Group gap="xs" component="ul" aria-label="Compliance" p={0} m={0} style={{ listStyle: 'none' }}>
          {COMPLIANCE_CLAIMS.map((claim) => (
            <li key={claim}>
              <Badge variant="outline" color="gray" radius="sm">
                {claim}
              </Badge>
            </li>
          ))}
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
