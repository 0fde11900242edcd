export * from './fields';
export * from './account';
export * from './leads';
export * from './custom-solutions';
export * from './suggestions';
export * from './quote-lines';
export * from './cluster-spec';
export * from './billing';
