import { IconDiscount, IconLifebuoy } from '@tabler/icons-react';
import type { ManageSupportTab } from './catalog-admin-tabs';
import { PromotionsPanel } from './promotions-panel';
import { StaffTabsPage, type StaffTab } from './staff-tabs-page';
import { SupportPlansPanel } from './support-plans-panel';

const TABS: readonly StaffTab<ManageSupportTab>[] = [
  {
    value: 'plans',
    label: 'Support plans',
    icon: IconLifebuoy,
    text: "Response targets by severity, channels, hours, and a fixed price or a share of the organisation's spend.",
    panel: <SupportPlansPanel />,
  },
  {
    value: 'promotions',
    label: 'Promotions',
    icon: IconDiscount,
    text: 'Codes customers type at checkout: a percentage or an amount off, within a validity window and its rules.',
    panel: <PromotionsPanel />,
  },
];

interface ManageSupportPlansPageProps {
  tab: ManageSupportTab | undefined;
  onTabChange: (tab: ManageSupportTab) => void;
}

/** Staff editing of support plans and promotion codes. */
export function ManageSupportPlansPage({ tab, onTabChange }: ManageSupportPlansPageProps) {
  return (
    <StaffTabsPage
      title="Manage Support Plans"
      description="The support plans organisations subscribe to, and the promotion codes customers can use. Price changes apply from the date you choose; existing orders keep the price they were ordered at. Every change is recorded in the audit log."
      tabs={TABS}
      tab={tab}
      onTabChange={onTabChange}
    />
  );
}
