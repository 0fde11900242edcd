/**
 * The seeded catalogue (issue 32: split in two): regions, node flavours, cluster tiers and
 * Kubernetes versions in seed-catalog-infrastructure.ts; add-ons, middlewares, support plans,
 * promotions and the price history in seed-catalog-services.ts; carbon and jurisdiction figures in
 * seed-catalog-carbon.ts.
 */
export * from './seed-catalog-common';
export * from './seed-catalog-infrastructure';
export * from './seed-catalog-services';
export * from './seed-catalog-carbon';
