/** The configurator's steps, in order; the address carries the current one as `?step=<number>`. */

export const STEP_IDS = ['tier', 'location', 'version', 'pools', 'network', 'addons', 'maintenance', 'review'] as const;
export type StepId = (typeof STEP_IDS)[number];

export const STEP_COUNT = STEP_IDS.length;

export interface StepInfo {
  id: StepId;
  /** 1-based, as in the address. */
  number: number;
  /** The stepper's short label. */
  label: string;
  /** The step's heading. */
  title: string;
  description: string;
}

const STEP_TEXT: Record<StepId, Omit<StepInfo, 'id' | 'number'>> = {
  tier: { label: 'Tier', title: 'Choose a cluster tier', description: 'The tier sets the SLA, the limits and the flavours on offer.' },
  location: { label: 'Region', title: 'Region and zones', description: 'Where your cluster runs, inside the EU.' },
  version: { label: 'Version', title: 'Kubernetes version', description: 'The minor release your cluster starts on.' },
  pools: { label: 'Node pools', title: 'Node pools', description: 'The worker nodes your workloads run on.' },
  network: { label: 'Networking', title: 'Control plane and networking', description: 'High availability, network plugin, address ranges and API access.' },
  addons: { label: 'Add-ons', title: 'Add-ons', description: 'Managed components installed and kept up to date for you.' },
  maintenance: { label: 'Maintenance', title: 'Maintenance and upgrades', description: 'When we may upgrade and repair your cluster.' },
  review: { label: 'Review', title: 'Name and review', description: 'Check everything, name your cluster and continue to checkout.' },
};

export const STEPS: readonly StepInfo[] = STEP_IDS.map((id, index) => ({ id, number: index + 1, ...STEP_TEXT[id] }));

export function stepInfo(id: StepId): StepInfo {
  return STEPS[STEP_IDS.indexOf(id)]!;
}

export function stepNumber(id: StepId): number {
  return STEP_IDS.indexOf(id) + 1;
}

/** The step of a 1-based number, clamped into range; anything else is the first step. */
export function stepAt(number: number | undefined): StepInfo {
  if (number === undefined || !Number.isInteger(number)) return STEPS[0]!;
  return STEPS[Math.min(Math.max(number, 1), STEP_COUNT) - 1]!;
}
