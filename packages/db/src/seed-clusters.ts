/**
 * The seeded clusters and their history (issue 32: split in three): the stories each demo cluster
 * lived (seed-cluster-stories.ts), their replay step by step with the real steps and prices
 * (seed-cluster-replay.ts), and writing what the replay produced (seed-cluster-write.ts).
 */
export * from './seed-clusters-common';
export * from './seed-cluster-stories';
export * from './seed-cluster-replay';
export * from './seed-cluster-write';
