import { isAdminRole } from '@kubemarket/shared';
import { Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBox, IconChevronRight, IconDatabase, IconLifebuoy, IconPuzzle, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AnchorLink, type LinkTarget } from '../../components/router-links';
import { useCurrentUser } from '../auth';
import { IncidentsAdminPanel } from '../incidents';
import { AttentionPanel } from '../staff-organizations';
import { useAdminAddons, useAdminFlavors, useAdminMiddlewares, useAdminPromotions, useAdminSupportPlans, useAdminTiers, useAdminVersions } from './catalog-admin-queries';
import { ChangeRequestsPanel } from './change-requests-panel';
import { countOf } from './panel-counts';
import { StaffPage } from '../officers';


interface StaffLink {
  label: string;
  to: LinkTarget;
  description: string;
}

/** The other staff pages (docs/product/screens.md#signed-in-layouts). */
const OFFICER_PAGES: readonly StaffLink[] = [
  { label: 'Manage users', to: '/officers/manage-users', description: 'Accounts of every organisation, their roles and status.' },
  { label: 'Incident tickets', to: '/officers/incident-tickets', description: 'Support tickets and incidents reported by customers.' },
  { label: 'Organizations', to: '/officers/organizations', description: 'Customer organisations, their status and billing details.' },
  { label: 'Clusters', to: '/officers/clusters', description: 'The clusters of every organisation.' },
  { label: 'Add-ons', to: '/officers/addons', description: 'The add-ons installed across organisations.' },
  { label: 'Middlewares', to: '/officers/middlewares', description: 'The middlewares running across organisations.' },
  { label: 'Support plans', to: '/officers/support-plans', description: 'The support plans subscribed across organisations.' },
];

const ADMIN_PAGES: readonly StaffLink[] = [
  { label: 'Pending registrations', to: '/admin/pending-registrations', description: 'Registrations waiting for approval.' },
  { label: 'Promotion requests', to: '/admin/promotion-requests', description: 'Requests for a promotion code or a special price.' },
  { label: 'Organization users', to: '/admin/organization-users', description: 'Members of each organisation and their roles.' },
];

/** The staff home: the catalogue screens with what each holds, customer requests, and the other staff pages. */
export function OfficersPanelPage() {
  return (
    <StaffPage title="Officers Panel" description="Staff tools for the catalogue, customer requests, users, organisations and tickets.">
      <PanelContent />
    </StaffPage>
  );
}

function PanelContent() {
  const { data: user } = useCurrentUser();
  const tiers = useAdminTiers();
  const flavors = useAdminFlavors();
  const versions = useAdminVersions();
  const addons = useAdminAddons();
  const middlewares = useAdminMiddlewares();
  const supportPlans = useAdminSupportPlans();
  const promotions = useAdminPromotions();
  const admin = isAdminRole(user?.role);

  return (
    <Stack gap="xl" data-testid="officers-panel">
      <AttentionPanel />

      <CardSection
        id="panel-catalogue"
        title="Catalogue"
        cards={[
          {
            icon: <IconBox size={22} />,
            title: 'Manage cluster tiers, flavours and versions',
            to: '/officers/manage-clusters',
            description: 'Tiers with their SLA, limits and prices; node flavours; the Kubernetes versions new clusters run.',
            counts: [
              countOf(tiers.data, { one: 'tier', many: 'tiers' }, (tier) => tier.archivedAt !== null || !tier.active),
              countOf(flavors.data, { one: 'flavour', many: 'flavours' }),
              versions.data ? `${versions.data.length} Kubernetes ${versions.data.length === 1 ? 'version' : 'versions'}` : null,
            ],
          },
          {
            icon: <IconPuzzle size={22} />,
            title: 'Manage add-ons',
            to: '/officers/manage-addons',
            description: 'Add-ons with their price per cluster, compatibility, requirements and conflicts.',
            counts: [countOf(addons.data, { one: 'add-on', many: 'add-ons' })],
          },
          {
            icon: <IconDatabase size={22} />,
            title: 'Manage middlewares',
            to: '/officers/manage-middlewares',
            description: 'Managed data services and the plans (sizes and prices) of each.',
            counts: [countOf(middlewares.data, { one: 'middleware', many: 'middlewares' })],
          },
          {
            icon: <IconLifebuoy size={22} />,
            title: 'Manage support plans and promotions',
            to: '/officers/manage-support-plans',
            description: 'Support plans with their response targets and prices; promotion codes and their rules.',
            counts: [countOf(supportPlans.data, { one: 'support plan', many: 'support plans' }), countOf(promotions.data, { one: 'promotion', many: 'promotions' })],
          },
        ]}
      />

      <ChangeRequestsPanel />

      <CardSection
        id="panel-requests"
        title="Customer requests"
        cards={[
          {
            icon: <IconSparkles size={22} />,
            title: 'Custom solution requests',
            to: '/custom-solutions',
            description: 'Requests for a tailored cluster or service, to review and answer.',
            counts: [],
          },
        ]}
      />

      <IncidentsAdminPanel />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <LinkList id="panel-staff-pages" title="Other staff pages" links={OFFICER_PAGES} />
        <LinkList id="panel-admin-pages" title="Administration" note={admin ? undefined : 'For admins and super admins.'} links={ADMIN_PAGES} />
      </SimpleGrid>
    </Stack>
  );
}

interface PanelCardProps {
  icon: ReactNode;
  title: string;
  to: LinkTarget;
  description: string;
  /** What the screen holds, e.g. "7 tiers on sale"; null while loading. */
  counts: readonly (string | null)[];
}

/** A titled section of the panel: its cards two a row. */
function CardSection({ id, title, cards }: { id: string; title: string; cards: readonly PanelCardProps[] }) {
  return (
    <Stack gap="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {cards.map((card) => (
          <PanelCard key={card.to} {...card} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function PanelCard({ icon, title, to, description, counts }: PanelCardProps) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="panel-card">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {icon}
          <Title order={3} size="h4">
            <AnchorLink to={to} inherit>
              {title}
            </AnchorLink>
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {counts.length ? (
          <Group gap={6} aria-live="polite">
            {counts.map((count, index) => (
              <Badge key={count ?? index} variant="default" size="sm" tt="none">
                {count ?? 'Loading…'}
              </Badge>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function LinkList({ id, title, note, links }: { id: string; title: string; note?: string; links: readonly StaffLink[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {note ? (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      ) : null}
      <List spacing="xs" listStyleType="none" withPadding={false}>
        {links.map((link) => (
          <List.Item key={link.to} icon={<IconChevronRight size={14} aria-hidden />}>
            <AnchorLink to={link.to} underline="always">
              {link.label}
            </AnchorLink>
            <Text span size="sm" c="dimmed">
              {' '}
              — {link.description}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
