export * from './client';
export * as schema from './schema';
export * from './schema';
export * from './ids';
export { splitMigration } from './migrations';
export * from './secret-box';
export * from './catalog-prices';
export * from './pages';
export * from './cluster-settings';
