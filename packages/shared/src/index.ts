export * from './constants';
export * from './cluster-types';
export * from './pricing';
export * from './permissions';
export * from './user-agent';
export * from './schemas';
export * from './quote';
export * from './usage';
