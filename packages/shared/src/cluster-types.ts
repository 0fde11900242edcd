/** Cluster types of docs/product/screens.md#cluster-types and the tier-name mapping used by the footer. */

export const CLUSTER_TYPES = ['blue', 'red', 'green', 'data', 'ai', 'orange', 'sandbox'] as const;
export type ClusterType = (typeof CLUSTER_TYPES)[number];

export function isClusterType(value: string): value is ClusterType {
  return (CLUSTER_TYPES as readonly string[]).includes(value);
}

// Order matters: the first rule whose keywords appear in the lower-cased name wins.
const NAME_RULES: ReadonlyArray<readonly [ClusterType, readonly string[]]> = [
  ['blue', ['blue', 'standard']],
  ['red', ['red', 'enterprise']],
  ['green', ['green', 'economy']],
  ['data', ['data']],
  ['ai', ['ai', 'ml', 'violet']],
  ['sandbox', ['sandbox', 'gray']],
  ['orange', ['dev', 'test', 'orange']],
];

/** Maps a cluster tier name to its cluster-type page; anything unrecognised is blue. */
export function clusterTypeFromTierName(name: string): ClusterType {
  const lower = name.toLowerCase();
  for (const [type, keywords] of NAME_RULES) {
    if (keywords.some((keyword) => lower.includes(keyword))) return type;
  }
  return 'blue';
}

/** Strips a trailing parenthesised part: "Standard (Blue)" is displayed as "Standard". */
export function tierDisplayName(name: string): string {
  return name.replace(/\s*\([^()]*\)\s*$/, '').trim() || name;
}

/** The seeded tiers' names, in their display order. */
const SEEDED_TIER_NAMES = ['Standard (Blue)', 'Enterprise (Red)', 'Economy (Green)', 'Data Analytics', 'AI/ML (Violet)', 'Dev/Test (Orange)', 'Sandbox (Gray)'];

/** The seven links shown when no tiers could be loaded: the seeded tiers, each typed by its name as a loaded tier is. */
export const FALLBACK_CLUSTER_TYPE_LINKS: ReadonlyArray<{ label: string; type: ClusterType }> = SEEDED_TIER_NAMES.map((label) => ({ label, type: clusterTypeFromTierName(label) }));
