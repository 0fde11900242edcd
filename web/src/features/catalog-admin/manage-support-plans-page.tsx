import { Tabs } from '@mantine/core';
import { IconDiscount, IconLifebuoy } from '@tabler/icons-react';
import { MANAGE_SUPPORT_TABS, tabFrom, type ManageSupportTab } from './catalog-admin-tabs';
import { PanelHeading } from './panel-heading';
import { PromotionsPanel } from './promotions-panel';
import { StaffPage } from '../officers';
import { SupportPlansPanel } from './support-plans-panel';

interface ManageSupportPlansPageProps {
  tab: ManageSupportTab;
  onTabChange: (tab: ManageSupportTab) => void;
}

/** Staff editing of support plans and promotion codes. */
export function ManageSupportPlansPage({ tab, onTabChange }: ManageSupportPlansPageProps) {
  return (
    <StaffPage
      title="Manage Support Plans"
      description="The support plans organisations subscribe to, and the promotion codes customers can use. Price changes apply from the date you choose; existing orders keep the price they were ordered at. Every change is recorded in the audit log."
    >
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = tabFrom(MANAGE_SUPPORT_TABS, value);
          if (next) onTabChange(next);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="plans" leftSection={<IconLifebuoy size={16} />}>
            Support plans
          </Tabs.Tab>
          <Tabs.Tab value="promotions" leftSection={<IconDiscount size={16} />}>
            Promotions
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="plans">
          <PanelHeading title="Support plans" text="Response targets by severity, channels, hours, and a fixed price or a share of the organisation's spend." />
          <SupportPlansPanel />
        </Tabs.Panel>
        <Tabs.Panel value="promotions">
          <PanelHeading title="Promotions" text="Codes customers type at checkout: a percentage or an amount off, within a validity window and its rules." />
          <PromotionsPanel />
        </Tabs.Panel>
      </Tabs>
    </StaffPage>
  );
}
