export * from './fields';
export * from './account';
export * from './leads';
