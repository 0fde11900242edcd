import { ActionIcon, Badge, Box, Center, Group, Indicator, Menu, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconBook,
  IconBuildingStore,
  IconCalculator,
  IconChartBar,
  IconChevronRight,
  IconCreditCard,
  IconDatabase,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLifebuoy,
  IconList,
  IconLogout,
  IconPackage,
  IconPuzzle,
  IconSchool,
  IconServer,
  IconServer2,
  IconSettings,
  IconShoppingCart,
  IconSquarePlus,
  IconTag,
  IconUsers,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ActionIconLink } from '../../components/router-links';
import { MenuItemLink, NavLinkLink } from '../../components/menu-links';
import { useLogout, useSessionUser } from '../auth';
import { useSidebarCounts } from '../dashboard';
import { SystemStatusDot } from '../incidents';
import classes from './dashboard-sidebar.module.css';
import navItem from './nav-item.module.css';
import { SIDEBAR_FOOTER_LINKS, SIDEBAR_GROUPS_EXPANDED_BY_DEFAULT, sidebarEntriesFor } from './sidebar-items';
import type { SidebarBadge, SidebarGroup, SidebarIcon, SidebarLink } from './sidebar-items';

const ICONS: Record<SidebarIcon, Icon> = {
  dashboard: IconLayoutDashboard,
  clusters: IconServer2,
  configure: IconSquarePlus,
  'cluster-list': IconList,
  'add-ons': IconPuzzle,
  marketplace: IconBuildingStore,
  orders: IconShoppingCart,
  'cluster-orders': IconServer,
  'add-on-orders': IconPackage,
  'middleware-orders': IconDatabase,
  'support-orders': IconLifebuoy,
  billing: IconCreditCard,
  usage: IconChartBar,
  'price-estimator': IconCalculator,
  'user-management': IconUsers,
  settings: IconSettings,
  tutorials: IconSchool,
  support: IconHelpCircle,
  pricing: IconTag,
  documentation: IconBook,
};

function SidebarIconOf({ icon }: { icon: SidebarIcon }) {
  const Component = ICONS[icon];
  return <Component size={18} stroke={1.6} aria-hidden />;
}

type Counts = Partial<Record<SidebarBadge, string>>;

interface ItemProps {
  counts: Counts;
  onNavigate?: () => void;
}

function CountBadge({ badge, counts }: { badge: SidebarBadge | undefined; counts: Counts }) {
  const value = badge ? counts[badge] : undefined;
  if (value === undefined) return null;
  return (
    <Badge size="sm" variant="light" circle={value.length < 3} data-testid={`sidebar-count-${badge}`}>
      {value}
    </Badge>
  );
}

function ExpandedLink({ link, counts, onNavigate, compact = false }: ItemProps & { link: SidebarLink; compact?: boolean }) {
  return (
    <NavLinkLink
      to={link.to}
      label={link.label}
      leftSection={<SidebarIconOf icon={link.icon} />}
      rightSection={<CountBadge badge={link.badge} counts={counts} />}
      className={navItem.item}
      py={compact ? 5 : undefined}
      onClick={onNavigate}
    />
  );
}

function ExpandedGroup({
  group,
  counts,
  opened,
  onToggle,
  onNavigate,
}: ItemProps & { group: SidebarGroup; opened: boolean; onToggle: () => void }) {
  return (
    <NavLink
      label={group.label}
      leftSection={<SidebarIconOf icon={group.icon} />}
      rightSection={
        <Group gap={6} wrap="nowrap">
          <CountBadge badge={group.badge} counts={counts} />
          <IconChevronRight
            size={14}
            stroke={1.8}
            aria-hidden
            style={{ transform: opened ? 'rotate(90deg)' : undefined, transition: 'transform 150ms ease' }}
          />
        </Group>
      }
      disableRightSectionRotation
      opened={opened}
      onChange={onToggle}
      childrenOffset={20}
      className={navItem.item}
      data-testid={`sidebar-group-${group.id}`}
    >
      {group.links.map((link) => (
        <ExpandedLink key={String(link.to)} link={link} counts={counts} onNavigate={onNavigate} />
      ))}
    </NavLink>
  );
}

function RailLink({ link, counts }: ItemProps & { link: SidebarLink }) {
  const count = link.badge ? counts[link.badge] : undefined;
  return (
    <Tooltip label={link.label} position="right">
      <Indicator label={count} size={16} disabled={count === undefined} offset={4}>
        <ActionIconLink to={link.to} size="lg" variant="subtle" color="gray" aria-label={link.label} className={navItem.railItem}>
          <SidebarIconOf icon={link.icon} />
        </ActionIconLink>
      </Indicator>
    </Tooltip>
  );
}

/** A collapsed group opens its links in a flyout beside the rail. */
function RailGroup({ group, counts }: ItemProps & { group: SidebarGroup }) {
  const count = group.badge ? counts[group.badge] : undefined;
  return (
    <Menu trigger="click-hover" position="right-start" offset={8} withinPortal>
      <Menu.Target>
        <Indicator label={count} size={16} disabled={count === undefined} offset={4}>
          <ActionIcon size="lg" variant="subtle" color="gray" aria-label={group.label} data-testid={`sidebar-group-${group.id}`}>
            <SidebarIconOf icon={group.icon} />
          </ActionIcon>
        </Indicator>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{group.label}</Menu.Label>
        {group.links.map((link) => (
          <MenuItemLink
            key={String(link.to)}
            to={link.to}
            leftSection={<SidebarIconOf icon={link.icon} />}
            rightSection={<CountBadge badge={link.badge} counts={counts} />}
          >
            {link.label}
          </MenuItemLink>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

interface RailButtonProps {
  /** Its name, also shown in a tooltip on the right. */
  label: string;
  color: 'red' | 'gray';
  onClick: () => void;
  disabled?: boolean;
  'aria-expanded'?: boolean;
  'data-testid': string;
  children: ReactNode;
}

/** An icon button of the sidebar's rail and header, named by its tooltip's words. */
function RailButton({ label, color, children, ...props }: RailButtonProps) {
  return (
    <Tooltip label={label} position="right">
      <ActionIcon size="lg" variant="subtle" color={color} aria-label={label} {...props}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

function LogoutItem({ collapsed }: { collapsed: boolean }) {
  const { logout, isPending } = useLogout();
  const label = isPending ? 'Logging out...' : 'Logout';
  if (collapsed) {
    return (
      <RailButton label={label} color="red" onClick={logout} disabled={isPending} data-testid="sidebar-logout">
        <IconLogout size={18} stroke={1.6} aria-hidden />
      </RailButton>
    );
  }
  return (
    <NavLink
      component="button"
      label={label}
      leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
      onClick={logout}
      disabled={isPending}
      color="red"
      active
      variant="subtle"
      className={navItem.item}
      data-testid="sidebar-logout"
    />
  );
}

interface DashboardSidebarProps {
  collapsed: boolean;
  /** Desktop only: collapse to the icon rail and back. */
  onToggleCollapsed?: () => void;
  /** The mobile overlay closes once a link is followed. */
  onNavigate?: () => void;
}

/** docs/product/screens.md#dashboard-sidebar: the dashboard sidebar, expanded or as an icon rail. */
export function DashboardSidebar({ collapsed, onToggleCollapsed, onNavigate }: DashboardSidebarProps) {
  const user = useSessionUser();
  const { data: counts } = useSidebarCounts();
  const [openedGroups, setOpenedGroups] = useState<ReadonlySet<SidebarGroup['id']>>(() => new Set(SIDEBAR_GROUPS_EXPANDED_BY_DEFAULT));
  const entries = sidebarEntriesFor(user.role);
  const badgeCounts: Counts = counts ? { clusters: String(counts.clusters), orders: String(counts.orders.total) } : {};

  const toggleGroup = (id: SidebarGroup['id']) =>
    setOpenedGroups((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const toggleLabel = collapsed ? 'Expand sidebar' : 'Collapse sidebar';

  return (
    <div className={classes.sidebar} data-testid="dashboard-sidebar" data-collapsed={collapsed || undefined}>
      <div className={classes.header} data-collapsed={collapsed || undefined}>
        {collapsed ? null : (
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" pl="xs">
            Console
          </Text>
        )}
        {onToggleCollapsed ? (
          <RailButton label={toggleLabel} color="gray" aria-expanded={!collapsed} onClick={onToggleCollapsed} data-testid="sidebar-collapse-toggle">
            {collapsed ? <IconLayoutSidebarLeftExpand size={18} stroke={1.6} /> : <IconLayoutSidebarLeftCollapse size={18} stroke={1.6} />}
          </RailButton>
        ) : null}
      </div>

      {/* Scrolls natively: Mantine's ScrollArea measured itself as every console page hydrated (ADR 55). */}
      <div className={classes.nav}>
        <Stack component="nav" aria-label="Dashboard" gap={collapsed ? 4 : 2} px="xs" pb="sm" align={collapsed ? 'center' : 'stretch'}>
          {entries.map((entry) => {
            if (entry.kind === 'link') {
              return collapsed ? (
                <RailLink key={String(entry.to)} link={entry} counts={badgeCounts} />
              ) : (
                <ExpandedLink key={String(entry.to)} link={entry} counts={badgeCounts} onNavigate={onNavigate} />
              );
            }
            return collapsed ? (
              <RailGroup key={entry.id} group={entry} counts={badgeCounts} />
            ) : (
              <ExpandedGroup
                key={entry.id}
                group={entry}
                counts={badgeCounts}
                opened={openedGroups.has(entry.id)}
                onToggle={() => toggleGroup(entry.id)}
                onNavigate={onNavigate}
              />
            );
          })}
        </Stack>
      </div>

      <div className={classes.footer}>
        <Stack gap={collapsed ? 4 : 2} align={collapsed ? 'center' : 'stretch'} aria-label="Help and resources" component="nav">
          {SIDEBAR_FOOTER_LINKS.map((link) =>
            collapsed ? (
              <RailLink key={String(link.to)} link={link} counts={badgeCounts} />
            ) : (
              <ExpandedLink key={String(link.to)} link={link} counts={badgeCounts} onNavigate={onNavigate} compact />
            ),
          )}
        </Stack>
        <Box mt={4} style={collapsed ? { display: 'flex', justifyContent: 'center' } : undefined}>
          <LogoutItem collapsed={collapsed} />
        </Box>
        {collapsed ? (
          <Center pt="sm" pb={4}>
            <SystemStatusDot className={classes.statusDot} />
          </Center>
        ) : null}
      </div>
    </div>
  );
}
