import { Tabs } from '@mantine/core';
import { IconBox, IconCpu, IconVersions } from '@tabler/icons-react';
import { MANAGE_CLUSTERS_TABS, tabFrom, type ManageClustersTab } from './catalog-admin-tabs';
import { FlavorsPanel } from './flavors-panel';
import { PanelHeading } from './panel-heading';
import { StaffPage } from '../officers';
import { TiersPanel } from './tiers-panel';
import { VersionsPanel } from './versions-panel';

interface ManageClustersPageProps {
  tab: ManageClustersTab;
  onTabChange: (tab: ManageClustersTab) => void;
}

/** Staff editing of what clusters are made of: tiers, node flavours and Kubernetes versions. */
export function ManageClustersPage({ tab, onTabChange }: ManageClustersPageProps) {
  return (
    <StaffPage
      title="Manage Clusters"
      description="The cluster tiers, node flavours and Kubernetes versions customers order from. Price changes apply from the date you choose; existing orders keep the price they were ordered at. Every change is recorded in the audit log."
    >
      <Tabs
        value={tab}
        onChange={(value) => {
          const next = tabFrom(MANAGE_CLUSTERS_TABS, value);
          if (next) onTabChange(next);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="tiers" leftSection={<IconBox size={16} />}>
            Cluster tiers
          </Tabs.Tab>
          <Tabs.Tab value="flavors" leftSection={<IconCpu size={16} />}>
            Node flavours
          </Tabs.Tab>
          <Tabs.Tab value="versions" leftSection={<IconVersions size={16} />}>
            Kubernetes versions
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="tiers">
          <PanelHeading title="Cluster tiers" text="Each tier is a baseline cluster with its SLA, limits, node flavours, regions and price." />
          <TiersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="flavors">
          <PanelHeading title="Node flavours" text="The machine types of node pools, with their hourly and monthly prices per node." />
          <FlavorsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="versions">
          <PanelHeading title="Kubernetes versions" text="The versions new clusters can run; the default is preselected." />
          <VersionsPanel />
        </Tabs.Panel>
      </Tabs>
    </StaffPage>
  );
}
