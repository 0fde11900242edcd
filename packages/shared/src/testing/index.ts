/** Test scaffolding of the shared package, `@kubemarket/shared/testing`: never imported by production code. */
export * from './quote';
export * from './operations';
export * from './cluster-line';
export * from './field-messages';
