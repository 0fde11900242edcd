/**
 * Staff editing of the catalogue, one file per entity (issue 32): cluster tiers, node flavours,
 * Kubernetes versions (and the sync from Gardener), add-ons, middlewares and their plans, support
 * plans, promotions, regions' jurisdiction and the carbon model's factors; what they share is in common.ts. Items are never deleted: archiving takes one
 * off sale and keeps every cluster, order and price row that points at it. Each change is checked
 * as a whole, written in one batch with its audit row, and never rewrites a price (./prices.ts).
 */
export type { Staff } from './common';
export * from './tiers';
export * from './flavors';
export * from './versions';
export * from './gardener-sync';
export * from './addons';
export * from './middlewares';
export * from './plans';
export * from './support-plans';
export * from './promotions';
export * from './carbon';
