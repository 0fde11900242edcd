import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage, SETTINGS_TABS, type SettingsTab } from '../../../features/settings';

interface SettingsSearch {
  tab?: SettingsTab;
}

export const Route = createFileRoute('/_authenticated/_dashboard/settings')({
  validateSearch: (search: Record<string, unknown>): SettingsSearch => {
    const tab = SETTINGS_TABS.find((candidate) => candidate === search.tab);
    return tab ? { tab } : {};
  },
  component: SettingsRoute,
});

function SettingsRoute() {
  const { tab = 'security' } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <SettingsPage tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true, hash: (previous) => previous ?? '' })} />;
}
