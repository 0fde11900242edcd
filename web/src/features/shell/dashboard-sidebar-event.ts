/** docs/product/screens.md#dashboard-sidebar: the window event that opens or closes the dashboard sidebar overlay. */
export const TOGGLE_DASHBOARD_SIDEBAR_EVENT = 'toggleDashboardSidebar';

export function toggleDashboardSidebar(): void {
  window.dispatchEvent(new Event(TOGGLE_DASHBOARD_SIDEBAR_EVENT));
}
