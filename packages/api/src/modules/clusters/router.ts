import { z } from 'zod';
import { idParam, successSchema } from '../../platform/contracts';
import { orgProcedure, router } from '../../trpc';
import { clusterLeftoversSchema } from '../leftovers';
import {
  addNodePoolInputSchema,
  addonParamsSchema,
  addonsInUseSchema,
  clusterDetailSchema,
  clusterEventsPageSchema,
  clusterPageSchema,
  deleteClusterInputSchema,
  eventsInputSchema,
  hibernationInputSchema,
  hibernationSettingsAnswerSchema,
  kubeconfigInputSchema,
  kubeconfigSchema,
  listClustersInputSchema,
  maintenanceInputSchema,
  operationSchema,
  poolParamsSchema,
  retryInputSchema,
  scaleNodePoolInputSchema,
  upgradeInputSchema,
} from './schemas';
import { setHibernationSchedule } from './hibernation';
import * as clusters from './service';

const TAGS: ['Clusters'] = ['Clusters'];
const clusterId = z.object({ id: idParam('Cluster') });
const BUSY = ' One operation runs at a time per cluster: while another runs, this answers 409 naming it.';

export const clustersRouter = router({
  list: orgProcedure('clusters:read')
    .meta({ rest: { method: 'GET', path: '/api/clusters', summary: "Your organisation's clusters: searched, filtered by status, tier and region, sorted and paginated", tags: TAGS, cli: 'kubemarket clusters list [--status <status>] [-q <text>]' } })
    .input(listClustersInputSchema)
    .output(clusterPageSchema)
    .query(({ ctx, input }) => clusters.listClusters(ctx, input)),

  addonsInUse: orgProcedure('clusters:read')
    .meta({ rest: { method: 'GET', path: '/api/cluster-addons', summary: "The add-ons your organisation's clusters run, each with the clusters that run it", tags: TAGS } })
    .output(addonsInUseSchema)
    .query(({ ctx }) => clusters.addonsInUse(ctx)),

  get: orgProcedure('clusters:read')
    .meta({ rest: { method: 'GET', path: '/api/clusters/{id}', summary: 'One cluster: status, endpoint, pools, nodes, add-ons, costs, hibernation and the operation running now', tags: TAGS, cli: 'kubemarket clusters get <cluster>' } })
    .input(clusterId)
    .output(clusterDetailSchema)
    .query(({ ctx, input }) => clusters.getCluster(ctx, input.id)),

  events: orgProcedure('clusters:read')
    .meta({ rest: { method: 'GET', path: '/api/clusters/{id}/events', summary: "The cluster's activity, newest first: every operation, step and credential, and who did it", tags: TAGS } })
    .input(eventsInputSchema)
    .output(clusterEventsPageSchema)
    .query(({ ctx, input }) => clusters.listClusterEvents(ctx, input)),

  operation: orgProcedure('clusters:read')
    .meta({ rest: { method: 'GET', path: '/api/clusters/{id}/operations/{operationId}', summary: 'One operation of the cluster with its steps, progress and estimate', tags: TAGS } })
    .input(retryInputSchema)
    .output(operationSchema)
    .query(({ ctx, input }) => clusters.getOperation(ctx, input.id, input.operationId)),

  scaleNodePool: orgProcedure('clusters:write')
    .meta({
      rest: {
        method: 'PATCH',
        path: '/api/clusters/{id}/node-pools/{poolId}',
        cli: 'kubemarket clusters scale <cluster> --nodes <n> [--pool <name>] [--wait]',
        summary: "Scale a node pool or change its autoscaling limits",
        description: `Priced by the same engine as orders; refused when the tier or the organisation's node quota does not allow it.${BUSY}`,
        tags: TAGS,
      },
    })
    .input(scaleNodePoolInputSchema)
    .output(operationSchema)
    .mutation(({ ctx, input }) => clusters.scaleNodePool(ctx, input)),

  addNodePool: orgProcedure('clusters:write')
    .meta({ rest: { method: 'POST', path: '/api/clusters/{id}/node-pools', summary: 'Add a node pool', description: `The pool is a node pool of an order (name, flavorId, count, autoscale, labels, taints).${BUSY}`, tags: TAGS } })
    .input(addNodePoolInputSchema)
    .output(operationSchema)
    .mutation(({ ctx, input }) => clusters.addNodePool(ctx, input)),

  removeNodePool: orgProcedure('clusters:write')
    .meta({ rest: { method: 'DELETE', path: '/api/clusters/{id}/node-pools/{poolId}', summary: 'Drain and remove a node pool (not the last one)', description: BUSY.trim(), tags: TAGS } })
    .input(poolParamsSchema)
    .output(operationSchema)
    .mutation(({ ctx, input }) => clusters.removeNodePool(ctx, input)),

  upgrade: orgProcedure('clusters:write')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/clusters/{id}/upgrade',
        cli: 'kubemarket clusters upgrade <cluster> --version <x.y.z> [--wait]',
        summary: 'Upgrade Kubernetes: the control plane, then each pool node by node',
        description: `To a newer patch or the next minor version (availableUpgrades of GET /api/clusters/{id}); no downgrade.${BUSY}`,
        tags: TAGS,
      },
    })
    .input(upgradeInputSchema)
    .output(operationSchema)
    .mutation(({ ctx, input }) => clusters.upgradeCluster(ctx, input)),

  kubeconfig: orgProcedure('clusters:write')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/clusters/{id}/kubeconfig',
        cli: 'kubemarket kubeconfig <cluster> [-f <path>]',
        summary: 'A kubeconfig whose client certificate expires when you choose (1 hour to 1 year, 7 days by default)',
        description:
          'Answers the kubeconfig YAML (Content-Type application/yaml), ready to save as a file; a request that accepts application/json and not YAML gets JSON with the YAML in `kubeconfig`. It is issued once, never stored, and audited; POST /api/clusters/{id}/credentials/revoke revokes every kubeconfig issued so far.',
        tags: TAGS,
        yamlField: 'kubeconfig',
      },
    })
    .input(kubeconfigInputSchema)
    .output(kubeconfigSchema)
    .mutation(({ ctx, input }) => clusters.issueKubeconfig(ctx, input)),

  revokeCredentials: orgProcedure('clusters:write')
    .meta({ rest: { method: 'POST', path: '/api/clusters/{id}/credentials/revoke', summary: "Revoke every kubeconfig issued so far by rotating the cluster's certificate authority", tags: TAGS } })
    .input(clusterId)
    .output(z.object({ revoked: z.number().int().describe('Kubeconfigs that were still valid.') }))
    .mutation(({ ctx, input }) => clusters.revokeCredentials(ctx, input.id)),

  updateMaintenance: orgProcedure('clusters:write')
    .meta({ rest: { method: 'PUT', path: '/api/clusters/{id}/maintenance', summary: 'Set the weekly maintenance window (UTC) and automatic patch upgrades', tags: TAGS } })
    .input(maintenanceInputSchema)
    .output(successSchema)
    .mutation(({ ctx, input }) => clusters.updateMaintenance(ctx, input)),

  hibernate: orgProcedure('clusters:write')
    .meta({ rest: { method: 'POST', path: '/api/clusters/{id}/hibernate', summary: 'Hibernate now (Dev/Test and Sandbox tiers): nodes stop and are not billed', description: BUSY.trim(), tags: TAGS } })
    .input(clusterId)
    .output(operationSchema)
    .mutation(({ ctx, input }) => clusters.hibernateNow(ctx, input.id)),

  wake: orgProcedure('clusters:write')
    .meta({ rest: { method: 'POST', path: '/api/clusters/{id}/wake', summary: 'Wake a hibernated cluster now', description: BUSY.trim(), tags: TAGS } })
    .input(clusterId)
    .output(operationSchema)
    .mutation(({ ctx, input }) => clusters.wakeNow(ctx, input.id)),

  setHibernation: orgProcedure('clusters:write')
    .meta({
      rest: {
        method: 'PUT',
        path: '/api/clusters/{id}/hibernation',
        summary: 'Set the hibernation schedule (Dev/Test and Sandbox tiers): when the cluster sleeps and wakes, in a time zone',
        description:
          "Each schedule sleeps at sleepAt on each of its days and wakes at the first wakeAt after that (the next morning when wakeAt is earlier), or on wakeDay when given: weekends are {days: ['friday'], sleepAt: '20:00', wakeAt: '07:00', wakeDay: 'monday'}. Overlapping schedules are merged. An empty list turns scheduled hibernation off. Transitions run within 5 minutes of their time.",
        tags: TAGS,
      },
    })
    .input(hibernationInputSchema)
    .output(hibernationSettingsAnswerSchema)
    .mutation(({ ctx, input }) => setHibernationSchedule(ctx, input)),

  removeAddon: orgProcedure('clusters:write')
    .meta({ rest: { method: 'DELETE', path: '/api/clusters/{id}/addons/{addonId}', summary: 'Uninstall an add-on from the cluster (billing for it stops)', tags: TAGS } })
    .input(addonParamsSchema)
    .output(successSchema)
    .mutation(({ ctx, input }) => clusters.removeAddon(ctx, input)),

  retry: orgProcedure('clusters:write')
    .meta({ rest: { method: 'POST', path: '/api/clusters/{id}/operations/{operationId}/retry', summary: 'Retry a failed operation from the step that failed', tags: TAGS } })
    .input(retryInputSchema)
    .output(operationSchema)
    .mutation(({ ctx, input }) => clusters.retryClusterOperation(ctx, input)),

  leftovers: orgProcedure('clusters:read')
    .meta({
      rest: {
        method: 'GET',
        path: '/api/clusters/{id}/leftovers',
        cli: 'kubemarket clusters leftovers <cluster>',
        summary: 'What deleting the cluster would leave billable if kept (load balancers, volumes, backups, snapshots), each with its monthly price',
        description: 'Name the ids to keep in keep when deleting the cluster; the rest is deleted with it. unavailable says why the provider could not be asked, if so.',
        tags: TAGS,
        errors: ['conflict'],
      },
    })
    .input(clusterId)
    .output(clusterLeftoversSchema)
    .query(({ ctx, input }) => clusters.leftoverReport(ctx, input.id)),

  delete: orgProcedure('clusters:write')
    .meta({
      rest: {
        method: 'DELETE',
        path: '/api/clusters/{id}',
        cli: 'kubemarket clusters delete <cluster> --yes [--keep <leftover id>]... [--wait]',
        summary: "Delete the cluster: confirmName must be its exact name; deprovisioning runs live and billing stops once it is deleted, but for what keep names",
        description: 'keep lists ids of GET /api/clusters/{id}/leftovers to keep after the deletion (repeat the query parameter for each); they are billed hourly until removed (DELETE /api/leftovers/{id}). An id the cluster does not report now answers 400.',
        tags: TAGS,
      },
    })
    .input(deleteClusterInputSchema)
    .output(operationSchema)
    .mutation(({ ctx, input }) => clusters.deleteCluster(ctx, input)),
});
