/**
 * The carbon model (issue 34, ADR 39): an estimate of the kg CO₂e a cluster's nodes are
 * responsible for, from figures the catalogue keeps with their public source and year.
 *
 * - A node flavour draws on average W = vCPU × W/vCPU + memory GB × W/GB + GPU cards × W/card
 *   (power factors 'vcpu', 'memory_gb' and 'gpu:<model>', kept in milliwatts).
 * - Its energy is kWh = W × hours ÷ 1000; the data centre's facility energy is that × the
 *   region's PUE (cooling, power distribution).
 * - Its emissions are kg CO₂e = facility kWh × the grid's g CO₂e/kWh ÷ 1000.
 *
 * A cluster's managed control plane counts as CONTROL_PLANE_SHARE every hour it runs; hibernated
 * nodes are scaled to zero and count nothing. Storage, network and the embodied emissions of the
 * hardware are outside the model (ADR 39 lists its limits). The configurator, the cluster page,
 * /usage and the invoice annex all compute with these functions, so they agree.
 */

/** Hours in the month every monthly figure assumes (the pricing engine's month too). */
export const CARBON_HOURS_PER_MONTH = 730;

/** The power factor ids: per vCPU, per GB of memory, and per GPU card of a model ("gpu:NVIDIA L4"). */
export const POWER_FACTOR_VCPU = 'vcpu';
export const POWER_FACTOR_MEMORY_GB = 'memory_gb';
export const gpuPowerFactorId = (model: string) => `gpu:${model}`;

/**
 * A managed control plane's share of the hosts that run it, per cluster-hour: its API servers,
 * etcd and controllers, replicas included, packed with other clusters' on shared hosts. An
 * assumption (ADR 39), not a measurement: about what a small dedicated control plane is sized at.
 */
export const CONTROL_PLANE_SHARE = { vcpu: 2, memoryGb: 8, gpuModel: null, gpuCount: 0 } as const;

/** What the model reads of a node flavour. */
export interface PowerSpec {
  vcpu: number;
  memoryGb: number;
  gpuModel: string | null;
  gpuCount: number;
}

/** What the model reads of a region: PUE in thousandths (1580 = 1.58) and grid intensity. */
export interface CarbonRegion {
  pueMilli: number;
  gridGramsPerKwh: number;
}

/** The catalogue's power factors, milliwatts per unit, by id. */
export type PowerFactors = ReadonlyMap<string, number>;

export function powerFactorsOf(rows: ReadonlyArray<{ id: string; milliwatts: number }>): PowerFactors {
  return new Map(rows.map((row) => [row.id, row.milliwatts]));
}

export interface FlavourPower {
  /** Average draw of one node, watts. */
  watts: number;
  /** Factor ids the catalogue lacks (a GPU model without a figure): they count as 0 W. */
  missing: string[];
}

/** One node's average draw: vCPU × W/vCPU + GB × W/GB + cards × W/card. */
export function flavourWatts(spec: PowerSpec, factors: PowerFactors): FlavourPower {
  const missing: string[] = [];
  const factor = (id: string) => {
    const milliwatts = factors.get(id);
    if (milliwatts === undefined) missing.push(id);
    return (milliwatts ?? 0) / 1000;
  };
  let watts = spec.vcpu * factor(POWER_FACTOR_VCPU) + spec.memoryGb * factor(POWER_FACTOR_MEMORY_GB);
  if (spec.gpuModel !== null && spec.gpuCount > 0) watts += spec.gpuCount * factor(gpuPowerFactorId(spec.gpuModel));
  return { watts, missing };
}

export interface Footprint {
  /** Energy the servers draw, kWh. */
  itKwh: number;
  /** That with the data centre's overhead (× PUE), kWh. */
  facilityKwh: number;
  kgCo2e: number;
}

export const NO_FOOTPRINT: Footprint = { itKwh: 0, facilityKwh: 0, kgCo2e: 0 };

/** kWh = W × h ÷ 1000; facility kWh = kWh × PUE; kg CO₂e = facility kWh × g/kWh ÷ 1000. */
export function footprintOf(watts: number, hours: number, region: CarbonRegion): Footprint {
  const itKwh = (watts * hours) / 1000;
  const facilityKwh = (itKwh * region.pueMilli) / 1000;
  return { itKwh, facilityKwh, kgCo2e: (facilityKwh * region.gridGramsPerKwh) / 1000 };
}

export function addFootprints(...footprints: Footprint[]): Footprint {
  return footprints.reduce((sum, next) => ({ itKwh: sum.itKwh + next.itKwh, facilityKwh: sum.facilityKwh + next.facilityKwh, kgCo2e: sum.kgCo2e + next.kgCo2e }), NO_FOOTPRINT);
}

/** A cluster configuration: its pools (a flavour and a node count) and whether its control plane counts. */
export interface ClusterPowerConfig {
  pools: ReadonlyArray<{ flavor: PowerSpec; nodes: number }>;
  controlPlane: boolean;
}

/** Average draw of a whole cluster configuration, watts, and the factors it lacked. */
export function clusterWatts(config: ClusterPowerConfig, factors: PowerFactors): FlavourPower {
  const parts = [...config.pools.map((pool) => ({ spec: pool.flavor, count: pool.nodes })), ...(config.controlPlane ? [{ spec: CONTROL_PLANE_SHARE, count: 1 }] : [])];
  let watts = 0;
  const missing = new Set<string>();
  for (const part of parts) {
    const power = flavourWatts(part.spec, factors);
    watts += power.watts * part.count;
    for (const id of power.missing) missing.add(id);
  }
  return { watts, missing: [...missing] };
}

/** What a cluster configuration is estimated to emit in a month of CARBON_HOURS_PER_MONTH hours in a region. */
export function monthlyClusterFootprint(config: ClusterPowerConfig, region: CarbonRegion, factors: PowerFactors): Footprint & { watts: number; missing: string[] } {
  const power = clusterWatts(config, factors);
  return { ...footprintOf(power.watts, CARBON_HOURS_PER_MONTH, region), ...power };
}

/** "12.4 kg CO₂e", "1.3 t CO₂e", "0.42 kg CO₂e": two significant figures below 10 kg. */
export function formatKgCo2e(kg: number): string {
  if (kg >= 1000) return `${new Intl.NumberFormat('en-IE', { maximumFractionDigits: 1 }).format(kg / 1000)} t CO₂e`;
  const digits = kg >= 10 ? 0 : kg >= 1 ? 1 : 2;
  return `${new Intl.NumberFormat('en-IE', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(kg)} kg CO₂e`;
}

/** "2.12 W" from 2120 milliwatts (a power factor). */
export const formatWatts = (milliwatts: number) => `${new Intl.NumberFormat('en-IE', { maximumFractionDigits: 3 }).format(milliwatts / 1000)} W`;

/** "1.58" from 1580. */
export const pueText = (pueMilli: number) => (pueMilli / 1000).toFixed(2);
