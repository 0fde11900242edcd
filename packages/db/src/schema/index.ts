export * from './organizations';
export * from './users';
export * from './sessions';
export * from './cluster-tiers';
export * from './auth-tokens';
export * from './platform';
export * from './notifications';
