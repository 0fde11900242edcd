export {
  KUBECONFIG_DEFAULT_SECONDS,
  KUBECONFIG_MAX_SECONDS,
  KUBECONFIG_MIN_SECONDS,
  ProvisionerError,
  type ApiServerAddress,
  type CertificateAuthority,
  type ClusterChanges,
  type ClusterPurpose,
  type ClusterSpec,
  type IssuedKubeconfig,
  type KubeconfigRequest,
  type Leftover,
  type LeftoverScope,
  type MachineType,
  type NodeState,
  type OperationInput,
  type PlannedStep,
  poolInputs,
  type PoolInput,
  type PoolSpec,
  type ProvisionerKind,
  type ProvisionerPort,
  type StepContext,
  type StepOutcome,
} from './port';
export { planOperation, STEP_SECONDS } from './steps';
export { endpointOf, nodeName, simulatorProvisioner, type SimulatorOptions } from './simulator';
export { simulatedLeftovers, simulatedVolumes } from './simulator-leftovers';
export { gardenerProvisioner, syncCloudProfile, type CloudProfileSync, type GardenerConfig } from './gardener';
