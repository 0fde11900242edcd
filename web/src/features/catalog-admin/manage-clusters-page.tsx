import { IconBox, IconCpu, IconLeaf, IconVersions } from '@tabler/icons-react';
import type { ManageClustersTab } from './catalog-admin-tabs';
import { CarbonPanel } from './carbon-panel';
import { FlavorsPanel } from './flavors-panel';
import { StaffTabsPage, type StaffTab } from './staff-tabs-page';
import { TiersPanel } from './tiers-panel';
import { VersionsPanel } from './versions-panel';

const TABS: readonly StaffTab<ManageClustersTab>[] = [
  { value: 'tiers', label: 'Cluster tiers', icon: IconBox, text: 'Each tier is a baseline cluster with its SLA, limits, node flavours, regions and price.', panel: <TiersPanel /> },
  { value: 'flavors', label: 'Node flavours', icon: IconCpu, text: 'The machine types of node pools, with their hourly and monthly prices per node.', panel: <FlavorsPanel /> },
  { value: 'versions', label: 'Kubernetes versions', icon: IconVersions, text: 'The versions new clusters can run; the default is preselected.', panel: <VersionsPanel /> },
  {
    value: 'regions',
    label: 'Regions and carbon',
    icon: IconLeaf,
    text: "Each region's operator, law and EU-only access, and the carbon model's figures (PUE, grid intensity, power per vCPU, GB and GPU card) with their sources.",
    panel: <CarbonPanel />,
  },
];

interface ManageClustersPageProps {
  tab: ManageClustersTab | undefined;
  onTabChange: (tab: ManageClustersTab) => void;
}

/** Staff editing of what clusters are made of: tiers, node flavours, Kubernetes versions, and the regions' jurisdiction and carbon figures. */
export function ManageClustersPage({ tab, onTabChange }: ManageClustersPageProps) {
  return (
    <StaffTabsPage
      title="Manage Clusters"
      description="The cluster tiers, node flavours and Kubernetes versions customers order from. Price changes apply from the date you choose; existing orders keep the price they were ordered at. Every change is recorded in the audit log."
      tabs={TABS}
      tab={tab}
      onTabChange={onTabChange}
    />
  );
}
