export * from './constants';
export * from './cluster-types';
export * from './pricing';
