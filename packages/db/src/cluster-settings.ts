import type { ClusterMaintenance, ClusterNetworking } from './schema/clusters';
import type { ClusterSettings } from './schema/orders';

/** A cluster's networking and maintenance, as the settings of the order that built it say. */
export function clusterSettingsColumns(settings: ClusterSettings): { networking: ClusterNetworking; maintenance: ClusterMaintenance } {
  return {
    networking: { cni: settings.cni, podCidr: settings.podCidr, serviceCidr: settings.serviceCidr, apiAllowList: settings.apiAllowList },
    maintenance: { day: settings.maintenanceWindow.day, startHour: settings.maintenanceWindow.startHour, autoUpgrade: settings.autoUpgrade },
  };
}
