/** Where the product runs: `development` (local, tests, previews) or `production`; AppConfig.environment. */
export type Environment = 'development' | 'production';
