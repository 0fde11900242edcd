import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import type { ReactNode } from 'react';
import classes from './dashboard-layout.module.css';
import { DashboardSidebar } from './dashboard-sidebar';
import { TOGGLE_DASHBOARD_SIDEBAR_EVENT } from './dashboard-sidebar-event';
import { useMobileMode } from './use-mobile-mode';
import { useBelowHeader } from '../../lib/header-offset';
import { Drawer } from '../../components/overlays';

/**
 * docs/product/screens.md#dashboard-sidebar, dashboard layout: the sidebar beside the page on desktop (collapsible to an
 * icon rail), an overlay in mobile mode. The `toggleDashboardSidebar` window event (sent by the
 * floating menu button) opens and closes the overlay, or collapses and expands the desktop rail.
 */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const mobile = useMobileMode();
  const [collapsed, setCollapsed] = useState(false);
  const belowHeader = useBelowHeader<HTMLElement>();
  const [overlayOpened, setOverlayOpened] = useState(false);

  useWindowEvent(TOGGLE_DASHBOARD_SIDEBAR_EVENT, () => {
    if (mobile) setOverlayOpened((opened) => !opened);
    else setCollapsed((current) => !current);
  });

  const closeOverlay = () => setOverlayOpened(false);

  return (
    <div className={classes.layout}>
      {mobile ? (
        <Drawer
          opened={overlayOpened}
          onClose={closeOverlay}
          position="left"
          size="18rem"
          padding={0}
          title="Dashboard navigation"
          styles={{ header: { paddingInline: 'var(--mantine-spacing-md)' }, body: { height: 'calc(100% - 60px)' } }}
          data-testid="dashboard-sidebar-overlay"
        >
          <DashboardSidebar collapsed={false} onNavigate={closeOverlay} />
        </Drawer>
      ) : (
        <aside ref={belowHeader} className={classes.rail} data-collapsed={collapsed || undefined} aria-label="Dashboard sidebar">
          <DashboardSidebar collapsed={collapsed} onToggleCollapsed={() => setCollapsed((current) => !current)} />
        </aside>
      )}
      <div className={classes.content}>{children}</div>
    </div>
  );
}
