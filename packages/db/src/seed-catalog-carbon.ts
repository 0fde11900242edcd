import type { NewDataCenter, PowerFactor } from './schema';

/**
 * The catalogue's carbon and jurisdiction figures (issue 34, ADR 39), each with its public source
 * and year; staff edit them in the catalogue admin when a newer figure is published.
 */

type Sovereignty = Pick<NewDataCenter, 'operator' | 'jurisdiction' | 'euOnlyAccess' | 'pueMilli' | 'gridGramsPerKwh' | 'gridSource' | 'gridYear'>;

/** Every region is run by the seller itself, a French SAS with no parent outside the EU. */
const OPERATOR = 'KubeMarket Demo SAS';

const EMBER = 'Ember, Yearly Electricity Data (lifecycle g CO₂e/kWh of generation), via Our World in Data';

/**
 * PUE: the Uptime Institute Global Data Center Survey 2023 puts the industry's average annual PUE
 * at 1.58, which the sites opened before 2022 are given; the newer builds at 1.40, what that survey
 * reports for recent large facilities. Replace each with the site's measured yearly PUE once it
 * is published.
 *
 * EU-only access: only people in the EU (support and operations staff included) can reach
 * customer data. Paris (SecNumCloud), Frankfurt and Amsterdam are operated from the EU alone; the
 * 24/7 on-call of Milan, Warsaw and Madrid includes the night shift outside the EU.
 */
export const REGION_SOVEREIGNTY: Readonly<Record<string, Sovereignty>> = {
  'fr-par-1': { operator: OPERATOR, jurisdiction: 'French law', euOnlyAccess: true, pueMilli: 1_580, gridGramsPerKwh: 56, gridSource: EMBER, gridYear: 2023 },
  'de-fra-1': { operator: OPERATOR, jurisdiction: 'German law (site), French law (operator)', euOnlyAccess: true, pueMilli: 1_580, gridGramsPerKwh: 381, gridSource: EMBER, gridYear: 2023 },
  'nl-ams-1': { operator: OPERATOR, jurisdiction: 'Dutch law (site), French law (operator)', euOnlyAccess: true, pueMilli: 1_580, gridGramsPerKwh: 268, gridSource: EMBER, gridYear: 2023 },
  'it-mil-1': { operator: OPERATOR, jurisdiction: 'Italian law (site), French law (operator)', euOnlyAccess: false, pueMilli: 1_400, gridGramsPerKwh: 288, gridSource: EMBER, gridYear: 2023 },
  'pl-waw-1': { operator: OPERATOR, jurisdiction: 'Polish law (site), French law (operator)', euOnlyAccess: false, pueMilli: 1_400, gridGramsPerKwh: 662, gridSource: EMBER, gridYear: 2023 },
  'es-mad-1': { operator: OPERATOR, jurisdiction: 'Spanish law (site), French law (operator)', euOnlyAccess: false, pueMilli: 1_400, gridGramsPerKwh: 174, gridSource: EMBER, gridYear: 2023 },
};

export const regionSovereignty = (id: string): Sovereignty => {
  const figures = REGION_SOVEREIGNTY[id];
  if (!figures) throw new Error(`No carbon and jurisdiction figures for region ${id}.`);
  return figures;
};

const CCF = 'Cloud Carbon Footprint methodology, average of the AWS microarchitectures';

/**
 * Power factors, milliwatts per unit. vCPU: Cloud Carbon Footprint's minimum 0.74 W and maximum
 * 3.5 W at 50 % utilisation, 0.74 + 0.5 × (3.5 − 0.74) = 2.12 W. Memory: its 0.392 W per GB. GPU
 * cards at the thermal design power of NVIDIA's datasheets (an upper bound: rented GPUs mostly
 * run flat out).
 */
export const POWER_FACTOR_SEED: ReadonlyArray<Omit<PowerFactor, 'createdAt' | 'updatedAt'>> = [
  { id: 'vcpu', label: 'Per vCPU (50 % utilisation)', milliwatts: 2_120, source: `${CCF}: 0.74 W idle, 3.5 W at full load`, year: 2021 },
  { id: 'memory_gb', label: 'Per GB of memory', milliwatts: 392, source: `${CCF}: 0.392 W per GB`, year: 2021 },
  { id: 'gpu:NVIDIA L4', label: 'NVIDIA L4 card', milliwatts: 72_000, source: 'NVIDIA L4 Tensor Core GPU datasheet: 72 W maximum thermal design power', year: 2023 },
  { id: 'gpu:NVIDIA L40S', label: 'NVIDIA L40S card', milliwatts: 350_000, source: 'NVIDIA L40S datasheet: 350 W maximum power consumption', year: 2023 },
  { id: 'gpu:NVIDIA H100 SXM', label: 'NVIDIA H100 SXM card', milliwatts: 700_000, source: 'NVIDIA H100 Tensor Core GPU datasheet: up to 700 W configurable TDP (SXM)', year: 2023 },
];
