export * from './signing';
export * from './schedule';
export * from './url-rules';
export * from './port';
