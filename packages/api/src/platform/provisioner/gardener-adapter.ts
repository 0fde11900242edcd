/**
 * The production provisioner (ADR 7): one Gardener `Shoot` (core.gardener.cloud/v1beta1) per
 * cluster in the project namespace, driven over the garden cluster's Kubernetes API with plain
 * fetch so it runs in workerd and Node alike.
 *
 * Every step is "make the Shoot say what we want, then watch Gardener get there": a step GETs the
 * Shoot, PATCHes it only when its spec differs from the cluster's, and otherwise reads
 * `status.lastOperation` (type, state, progress) and `status.observedGeneration`. Running a step
 * twice therefore sends at most one change, which is what the engine's crash recovery needs.
 *
 * Gardener reports no nodes in the Shoot (they live in the shoot cluster itself), so the node rows
 * are derived from the worker pools once Gardener says the pool is up.
 */
import {
  poolInputs,
  ProvisionerError,
  type CertificateAuthority,
  type ClusterChanges,
  type CloudProfileSync,
  type ClusterSpec,
  type IssuedKubeconfig,
  type KubeconfigRequest,
  type OperationInput,
  type PlannedStep,
  type ProvisionerPort,
  type StepContext,
  type StepOutcome,
} from './port';
import { planOperation } from './steps';
import { AUTHENTICATION_API_VERSION, CLUSTER_ID_LABEL, CONFIRM_DELETION_ANNOTATION, OPERATION_ANNOTATION, POLL_INTERVAL_MS, type Shoot } from './gardener-api';
import { GardenerApiError, clientFor, cloudProfileSync, offerProblem, readCloudProfile, shootsPath, syncCloudProfile } from './gardener-client';
import { type GardenerConfig } from './gardener-common';
import { desiredPools, labelValue, mergedWorkers, sameWorkers, shootFor, shootNameFor } from './gardener-shoot';
import { endpointOf, failureOf, hasObservedSpec, isReconciled, lastOperationOf, poolNodes, progressDetail, progressOf, type GardenerFailure, type MachineLookup, unhealthyCondition, withStatus } from './gardener-status';

// The adapter

/** Provision steps reached at these `lastOperation.progress` values of Gardener's create flow. */
const PROVISION_PROGRESS: Record<string, number> = {
  network: 15,
  control_plane: 35,
  etcd: 45,
  api_endpoint: 55,
  cni: 88,
  addons: 92,
};
/** Worker pools come up between these, in the order of the pools. */
const POOLS_PROGRESS = { from: 60, to: 85 };
/** Update steps (upgrade, hibernation, pool removal) reached at these progress values of a reconcile. */
const RECONCILE_PROGRESS = { controlPlaneUpgrade: 40, poolsUpgradedBy: 90, drain: 50, scaleDown: 50, resume: 40 };
/** Deletion steps reached at these progress values of Gardener's delete flow. */
const DELETE_PROGRESS: Record<string, number> = { delete_nodes: 30, delete_control_plane: 70 };

function poolThreshold(index: number, count: number, from: number, to: number): number {
  return Math.round(from + ((index + 1) * (to - from)) / Math.max(1, count));
}

export function gardenerProvisioner(config: GardenerConfig): ProvisionerPort {
  if (!config.token) throw new Error('The Gardener adapter needs an API token.');
  if (!config.namespace) throw new Error('The Gardener adapter needs the project namespace.');
  if (!/^https?:\/\//.test(config.apiUrl)) throw new Error('The Gardener API URL must start with https:// (or http:// for a local fake).');
  const client = clientFor(config);
  const namespace = config.namespace;

  const progress = (detail: string, changes?: ClusterChanges): StepOutcome => ({ kind: 'progress', detail, retryInMs: POLL_INTERVAL_MS, ...(changes ? { changes } : {}) });
  const done = (detail: string, changes?: ClusterChanges): StepOutcome => ({ kind: 'done', detail, ...(changes ? { changes } : {}) });

  async function getShoot(name: string): Promise<Shoot | null> {
    return client.request<Shoot>('GET', shootsPath(namespace, name), `reading the Shoot ${name}`, { notFound: 'null' });
  }

  async function patchShoot(name: string, patch: unknown, what: string): Promise<Shoot> {
    const shoot = await client.request<Shoot>('PATCH', shootsPath(namespace, name), what, { body: patch, contentType: 'application/merge-patch+json' });
    if (!shoot) throw new ProvisionerError(`Gardener answered nothing while ${what}.`, true);
    return shoot;
  }

  async function profile(): Promise<CloudProfileSync> {
    return cloudProfileSync(await readCloudProfile(client, config.cloudProfileName), Date.now());
  }

  function machineLookup(cluster: ClusterSpec): MachineLookup {
    return async (flavorId) => {
      const known = cluster.pools.find((pool) => pool.machine.flavorId === flavorId)?.machine;
      if (known) return known;
      const offered = (await profile()).machineTypes.find((type) => type.name === flavorId);
      if (!offered) throw new ProvisionerError(`Machine type ${flavorId} is not offered by Gardener.`, false);
      return { flavorId, vcpu: offered.cpu, memoryGb: offered.memoryGb, gpuCount: offered.gpu };
    };
  }

  /** The Shoot of a step that needs one; a missing or foreign one ends the operation. */
  async function existingShoot(cluster: ClusterSpec): Promise<Shoot> {
    const name = shootNameFor(cluster, namespace);
    const shoot = await getShoot(name);
    if (!shoot) throw new ProvisionerError(`The Gardener Shoot ${name} of this cluster no longer exists.`, false);
    return shoot;
  }

  /**
   * A failure Gardener reports. When the step already saw it (a retry of the step, or a failure
   * older than the step), Gardener is asked to retry (`gardener.cloud/operation: retry`) instead.
   */
  async function failureOutcome(context: StepContext, shoot: Shoot, failure: GardenerFailure): Promise<StepOutcome> {
    const seenBefore = context.step.attempts > 0 || (context.step.startedAt !== null && failure.at < context.step.startedAt);
    if (failure.final && seenBefore) {
      await patchShoot(shoot.metadata.name, { metadata: { annotations: { [OPERATION_ANNOTATION]: 'retry' } } }, `asking Gardener to retry the Shoot ${shoot.metadata.name}`);
      return progress(`Asked Gardener to try again after: ${failure.reason}`);
    }
    return { kind: 'failed', reason: failure.reason, retryable: failure.retryable };
  }

  // -- provision ---------------------------------------------------------------------------

  async function createShoot(context: StepContext): Promise<StepOutcome> {
    const cluster = context.cluster;
    const name = shootNameFor(cluster, namespace);
    const existing = await getShoot(name);
    if (existing) return adopt(existing, cluster);
    if (!config.credentialsBindingName && !config.secretBindingName) {
      throw new ProvisionerError('No Gardener credentials binding is configured for this shop, so clusters cannot be created.', false);
    }
    const offer = await profile();
    const problem = offerProblem(cluster, offer, config.cloudProfileName ?? '');
    if (problem) throw new ProvisionerError(problem, false);
    const shoot = shootFor(cluster, {
      namespace,
      providerType: offer.providerType,
      cloudProfileName: config.cloudProfileName ?? '',
      credentialsBindingName: config.credentialsBindingName,
      secretBindingName: config.secretBindingName,
    });
    try {
      await client.request<Shoot>('POST', shootsPath(namespace), `creating the Shoot ${name}`, { body: shoot });
    } catch (error) {
      // A crash between the POST and the bookkeeping: the Shoot is ours if it carries our label.
      if (error instanceof GardenerApiError && error.httpStatus === 409) {
        const created = await getShoot(name);
        if (created) return adopt(created, cluster);
      }
      throw error;
    }
    return done(`Shoot ${name} created in ${namespace}`, { providerRef: name });
  }

  function adopt(shoot: Shoot, cluster: ClusterSpec): StepOutcome {
    const owner = shoot.metadata.labels?.[CLUSTER_ID_LABEL];
    if (owner !== labelValue(cluster.id)) {
      throw new ProvisionerError(`A Gardener Shoot named ${shoot.metadata.name} already exists and belongs to another cluster.`, false);
    }
    return done(`Shoot ${shoot.metadata.name} exists in ${namespace}`, { providerRef: shoot.metadata.name });
  }

  async function provisionStep(context: StepContext): Promise<StepOutcome> {
    const { cluster, step } = context;
    if (step.key === 'validate') return createShoot(context);
    const shoot = await existingShoot(cluster);
    if (shoot.metadata.deletionTimestamp) throw new ProvisionerError(`The Gardener Shoot ${shoot.metadata.name} is being deleted.`, false);
    if (!hasObservedSpec(shoot)) return progress('Waiting for Gardener to start creating the cluster');
    const failure = failureOf(shoot);
    if (failure) return failureOutcome(context, shoot, failure);
    const operation = lastOperationOf(shoot);
    // A reconcile (or delete) after the create means the create itself is long finished.
    const created = operation !== null && (operation.type !== 'Create' || operation.state === 'Succeeded');
    const endpoint = endpointOf(shoot);
    const endpointChange = endpoint ? { endpoint } : undefined;
    const pools = poolInputs(cluster);

    if (step.key === 'health' || step.key === 'ready') {
      if (!created || !isReconciled(shoot)) return progress(progressDetail(shoot, 'Waiting for Gardener'));
      const unhealthy = unhealthyCondition(shoot);
      if (unhealthy) return progress(`Waiting for ${unhealthy}`);
      return done(step.key === 'ready' ? 'Cluster ready' : 'Gardener reports the cluster healthy', endpointChange);
    }

    const poolIndex = step.key.startsWith('pool:') ? pools.findIndex((pool) => `pool:${pool.id}` === step.key) : -1;
    const threshold = poolIndex >= 0 ? poolThreshold(poolIndex, pools.length, POOLS_PROGRESS.from, POOLS_PROGRESS.to) : PROVISION_PROGRESS[step.key];
    if (threshold === undefined) throw new ProvisionerError(`The Gardener adapter has no step "${step.key}" for a new cluster.`, false);
    if (!created && progressOf(shoot) < threshold) return progress(progressDetail(shoot, 'Waiting for Gardener'));
    if (poolIndex >= 0) {
      const pool = pools[poolIndex]!;
      const nodes = await poolNodes(shoot, namespace, pool, machineLookup(cluster), 'ready');
      return done(`${nodes.length} node${nodes.length === 1 ? '' : 's'} of ${pool.name} up`, { upsertNodes: nodes, ...endpointChange });
    }
    if (step.key === 'api_endpoint') return done(endpoint ? `API server at ${endpoint}` : 'API server published', endpointChange);
    return done(progressDetail(shoot, 'Done'));
  }

  // -- changes to a running cluster --------------------------------------------------------

  /** The patch that brings the Shoot to what the operation wants, or null when it says so already. */
  function desiredPatch(shoot: Shoot, context: StepContext): { patch: unknown; what: string } | null {
    const { cluster, operation } = context;
    const name = shoot.metadata.name;
    switch (operation.type) {
      case 'scale_pool':
      case 'add_pool':
      case 'remove_pool': {
        const controlPlaneVersion = shoot.spec.kubernetes.version;
        const workers = mergedWorkers(shoot.spec.provider.workers, desiredPools(cluster, operation), cluster, controlPlaneVersion);
        if (sameWorkers(shoot.spec.provider.workers, workers)) return null;
        return { patch: { spec: { provider: { workers } } }, what: `updating the worker pools of the Shoot ${name}` };
      }
      case 'upgrade': {
        const version = operation.params.toVersion ?? cluster.kubernetesVersion;
        const pinned = shoot.spec.provider.workers.some((worker) => worker.kubernetes?.version !== undefined && worker.kubernetes.version !== version);
        if (shoot.spec.kubernetes.version === version && !pinned) return null;
        const spec: Record<string, unknown> = { kubernetes: { version } };
        // Pools pinned to an older version follow the control plane once the pin is gone.
        if (pinned) spec.provider = { workers: mergedWorkers(shoot.spec.provider.workers, desiredPools(cluster, operation), cluster, version) };
        return { patch: { spec }, what: `upgrading the Shoot ${name} to Kubernetes ${version}` };
      }
      case 'hibernate':
      case 'wake': {
        const enabled = operation.type === 'hibernate';
        if ((shoot.spec.hibernation?.enabled ?? false) === enabled) return null;
        return { patch: { spec: { hibernation: { enabled } } }, what: `${enabled ? 'hibernating' : 'waking'} the Shoot ${name}` };
      }
      default:
        return null;
    }
  }

  async function updateStep(context: StepContext): Promise<StepOutcome> {
    const { cluster, operation, step, nodes } = context;
    const shoot = await existingShoot(cluster);
    if (shoot.metadata.deletionTimestamp) throw new ProvisionerError(`The Gardener Shoot ${shoot.metadata.name} is being deleted.`, false);
    const change = desiredPatch(shoot, context);
    if (change) {
      await patchShoot(shoot.metadata.name, change.patch, change.what);
      return progress('Change sent to Gardener; waiting for it to start');
    }
    if (!hasObservedSpec(shoot)) return progress('Waiting for Gardener to pick up the change');
    const failure = failureOf(shoot);
    if (failure) return failureOutcome(context, shoot, failure);
    const reconciled = isReconciled(shoot);
    const percent = progressOf(shoot);
    const waiting = () => progress(progressDetail(shoot, 'Waiting for Gardener'));
    const pools = desiredPools(cluster, operation);
    const lookup = machineLookup(cluster);
    const [kind, poolId] = step.key.includes(':') ? [step.key.slice(0, step.key.indexOf(':')), step.key.slice(step.key.indexOf(':') + 1)] : [step.key, ''];

    switch (kind) {
      case 'pool': {
        if (!reconciled) return waiting();
        const pool = pools.find((candidate) => candidate.id === poolId);
        if (!pool) throw new ProvisionerError(`The node pool ${poolId} is not part of this cluster.`, false);
        const wanted = await poolNodes(shoot, namespace, pool, lookup, 'ready');
        const names = new Set(wanted.map((node) => node.name));
        const removeNodes = nodes.filter((node) => node.poolId === pool.id && !names.has(node.name)).map((node) => node.name);
        return done(`${pool.name}: ${wanted.length} node${wanted.length === 1 ? '' : 's'}`, { upsertNodes: wanted, ...(removeNodes.length > 0 ? { removeNodes } : {}) });
      }
      case 'drain': {
        if (!reconciled && percent < RECONCILE_PROGRESS.drain) return waiting();
        const draining = withStatus(nodes.filter((node) => node.poolId === poolId), 'draining');
        return done(`${draining.length} node${draining.length === 1 ? '' : 's'} draining`, draining.length > 0 ? { upsertNodes: draining } : undefined);
      }
      case 'remove': {
        if (!reconciled) return waiting();
        const removeNodes = nodes.filter((node) => node.poolId === poolId).map((node) => node.name);
        return done('Node pool removed', removeNodes.length > 0 ? { removeNodes } : undefined);
      }
      case 'control_plane_upgrade':
        if (!reconciled && percent < RECONCILE_PROGRESS.controlPlaneUpgrade) return waiting();
        return done(`Control plane on Kubernetes ${shoot.spec.kubernetes.version}`);
      case 'upgrade': {
        const index = cluster.pools.findIndex((candidate) => candidate.id === poolId);
        const threshold = poolThreshold(index, cluster.pools.length, RECONCILE_PROGRESS.controlPlaneUpgrade, RECONCILE_PROGRESS.poolsUpgradedBy);
        if (!reconciled && percent < threshold) return waiting();
        const pool = pools.find((candidate) => candidate.id === poolId);
        if (!pool) throw new ProvisionerError(`The node pool ${poolId} is not part of this cluster.`, false);
        const current = nodes.filter((node) => node.poolId === poolId);
        const upgraded = current.length > 0 ? current.map((node) => ({ ...node, kubeletVersion: pool.kubernetesVersion })) : await poolNodes(shoot, namespace, pool, lookup, 'ready');
        return done(`${pool.name} on Kubernetes ${pool.kubernetesVersion}`, { upsertNodes: upgraded });
      }
      case 'scale_down': {
        if (!reconciled && percent < RECONCILE_PROGRESS.scaleDown) return waiting();
        return done('Nodes stopped', nodes.length > 0 ? { upsertNodes: withStatus(nodes, 'hibernated', { cpuUsagePercent: 0, memoryUsagePercent: 0 }) } : undefined);
      }
      case 'pause':
        if (!reconciled || shoot.status?.hibernated !== true) return waiting();
        return done('Cluster hibernated');
      case 'resume':
        if (!reconciled && percent < RECONCILE_PROGRESS.resume) return waiting();
        return done('Control plane running');
      case 'scale_up': {
        if (!reconciled || shoot.status?.hibernated === true) return waiting();
        const started = nodes.length > 0 ? withStatus(nodes, 'ready') : (await Promise.all(pools.map((pool) => poolNodes(shoot, namespace, pool, lookup, 'ready')))).flat();
        return done(`${started.length} node${started.length === 1 ? '' : 's'} running`, { upsertNodes: started });
      }
      case 'health': {
        if (!reconciled) return waiting();
        const unhealthy = unhealthyCondition(shoot);
        if (unhealthy) return progress(`Waiting for ${unhealthy}`);
        return done('Gardener reports the cluster healthy');
      }
      case 'addon':
        // Add-ons are deployed into the Shoot by our platform team's GitOps today (ADR 30): the
        // operation says so rather than report an install it did not make; retried once done.
        throw new ProvisionerError('Add-ons are not yet installed automatically on Gardener clusters: our team installs this one and support tells you when it is done; then retry.', false);
      case 'mw_volumes':
      case 'mw_instances':
      case 'mw_replication':
      case 'mw_credentials':
      case 'mw_backups':
      case 'mw_endpoint':
      case 'mw_resize':
      case 'mw_restore':
      case 'mw_health':
      case 'mw_delete':
      case 'mw_release':
        // Managed middlewares are deployed in the Shoot by an operator (CloudNativePG and the like,
        // ADR 31) that our platform team installs today: the operation says so rather than report
        // work it did not do; retried once done.
        throw new ProvisionerError('Managed middlewares are not yet deployed automatically on Gardener clusters: our team sets this one up and support tells you when it is done; then retry.', false);
      default:
        throw new ProvisionerError(`The Gardener adapter has no step "${step.key}" for ${operation.type}.`, false);
    }
  }

  // -- deletion ----------------------------------------------------------------------------

  async function deleteStep(context: StepContext): Promise<StepOutcome> {
    const { cluster, step, nodes } = context;
    const allGone = nodes.length > 0 ? { removeNodes: nodes.map((node) => node.name) } : undefined;
    // Without a providerRef the create may still have reached Gardener (a crash before the
    // bookkeeping): the derived name is looked up, and only a Shoot labelled as ours is deleted.
    const name = shootNameFor(cluster, namespace);
    const shoot = await getShoot(name);
    const ours = shoot !== null && (cluster.providerRef !== null || shoot.metadata.labels?.[CLUSTER_ID_LABEL] === labelValue(cluster.id));
    if (!shoot || !ours) {
      const detail = step.key === 'deleted' ? 'Cluster deleted' : cluster.providerRef ? 'Gone at Gardener' : 'The cluster never reached Gardener';
      return done(detail, step.key === 'delete_nodes' || step.key === 'deleted' ? allGone : undefined);
    }
    if (!shoot.metadata.deletionTimestamp) {
      if (shoot.metadata.annotations?.[CONFIRM_DELETION_ANNOTATION] !== 'true') {
        await patchShoot(name, { metadata: { annotations: { [CONFIRM_DELETION_ANNOTATION]: 'true' } } }, `confirming the deletion of the Shoot ${name}`);
      }
      const deleted = await client.request<Shoot>('DELETE', shootsPath(namespace, name), `deleting the Shoot ${name}`, { notFound: 'null' });
      if (!deleted) return done('Gone at Gardener', step.key === 'delete_nodes' ? allGone : undefined);
      return progress('Deletion sent to Gardener');
    }
    const operation = lastOperationOf(shoot);
    if (operation?.type !== 'Delete') return progress('Waiting for Gardener to start deleting the cluster');
    const failure = failureOf(shoot);
    if (failure) return failureOutcome(context, shoot, failure);
    const threshold = DELETE_PROGRESS[step.key];
    if (threshold === undefined || operation.progress < threshold) return progress(progressDetail(shoot, 'Waiting for Gardener'));
    return done(progressDetail(shoot, 'Done'), step.key === 'delete_nodes' ? allGone : undefined);
  }

  return {
    kind: 'gardener',

    plan(cluster: ClusterSpec, operation: OperationInput): PlannedStep[] {
      return planOperation(cluster, operation, 1);
    },

    async runStep(context: StepContext): Promise<StepOutcome> {
      try {
        switch (context.operation.type) {
          case 'provision':
            return await provisionStep(context);
          case 'delete':
            return await deleteStep(context);
          default:
            return await updateStep(context);
        }
      } catch (error) {
        if (error instanceof ProvisionerError) return { kind: 'failed', reason: error.message, retryable: error.retryable };
        throw error;
      }
    },

    async issueKubeconfig(request: KubeconfigRequest): Promise<IssuedKubeconfig> {
      const name = request.cluster.providerRef;
      if (!name) throw new ProvisionerError('The cluster has no Gardener Shoot yet, so there is no kubeconfig to issue.', false);
      const answer = await client.request<{ status?: { kubeconfig?: string } }>('POST', shootsPath(namespace, name, 'adminkubeconfig'), `requesting a kubeconfig for the Shoot ${name}`, {
        body: { apiVersion: AUTHENTICATION_API_VERSION, kind: 'AdminKubeconfigRequest', spec: { expirationSeconds: request.expiresInSeconds } },
      });
      const encoded = answer?.status?.kubeconfig;
      if (!encoded) throw new ProvisionerError(`Gardener sent no kubeconfig for the Shoot ${name}.`, true);
      // X.509 and YAML (ADR 50): evaluated with the first kubeconfig rather than at every isolate's start.
      const { decodeBase64, kubeconfigCredentials, signingCaFingerprint } = await import('./gardener-kubeconfig');
      const yaml = decodeBase64(encoded);
      const { client: certificate, cas } = kubeconfigCredentials(yaml);
      return {
        yaml,
        serialNumber: certificate.serialNumber.toLowerCase(),
        // Gardener caps the lifetime at its --shoot-admin-kubeconfig-max-expiration: the certificate says what holds.
        notAfter: certificate.notAfter.getTime(),
        caFingerprint: await signingCaFingerprint(certificate, cas),
      };
    },

    async rotateCredentials(cluster: ClusterSpec): Promise<{ ca?: CertificateAuthority }> {
      const shoot = await existingShoot(cluster);
      const name = shoot.metadata.name;
      const phase = shoot.status?.credentials?.rotation?.certificateAuthorities?.phase ?? '';
      if (phase === 'Preparing' || phase === 'Completing') {
        throw new ProvisionerError('Gardener is already rotating the certificate authorities of this cluster; try again once it has finished.', true);
      }
      // CA rotation is two-phase at Gardener: "start" issues new CAs and still trusts the old
      // ones; "complete" (allowed once the phase is Prepared) drops the old ones.
      const operation = phase === 'Prepared' ? 'rotate-ca-complete' : 'rotate-ca-start';
      await patchShoot(name, { metadata: { annotations: { [OPERATION_ANNOTATION]: operation } } }, `rotating the certificate authorities of the Shoot ${name}`);
      return {};
    },

    nodeUsage(): null {
      return null;
    },

    // Gardener reports no volume or traffic figures: nothing is metered for them.
    usageMetrics(): null {
      return null;
    },

    leftovers: async (scope) => (await import('./gardener-leftovers')).shootLeftovers(client, config, scope),

    syncCatalog(): Promise<CloudProfileSync> {
      return syncCloudProfile(config);
    },
  };
}
