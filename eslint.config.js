import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The feature folders of the client: each is reached from outside only through its index.ts. */
const WEB_FEATURES = readdirSync(join(import.meta.dirname, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Resolves imports the way TypeScript (moduleResolution "bundler") and Vite do, for the import-x rules. */
const typeScriptResolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json'],
  conditionNames: ['types', 'import', 'module', 'default'],
  mainFields: ['types', 'module', 'main'],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.wrangler/**',
      '**/.wrangler/**',
      'web/src/routeTree.gen.ts',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['scripts/**/*.{js,mjs}', 'web/scripts/**/*.{js,mjs}', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', performance: 'readonly', module: 'writable', require: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Import cycles make module order decide behaviour (a binding read before it is set) and
    // defeat code splitting. Type-only imports are erased and do not count.
    files: ['web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse TypeScript dependencies too (the default is JavaScript only), with the TypeScript parser.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [typeScriptResolver],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // DESIGN.md section 3: web depends on shared and on the API's types only, and a feature does not
    // reach into another feature's files.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@kubemarket/api', '@kubemarket/api/*'],
              allowTypeImports: true,
              message: 'The client uses the API for its types only (`import type`); it calls the server through tRPC.',
            },
            {
              group: ['@kubemarket/db', '@kubemarket/db/*'],
              message: 'The client never imports the database package: shared contracts live in @kubemarket/shared.',
            },
            {
              group: ['**/packages/*/src/**', '**/worker/**'],
              message: 'Import other packages by their name (@kubemarket/shared), never by a path into their sources.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.map((feature) => ({
              target: ['./web/src/*.{ts,tsx}', './web/src/!(features)/**/*', `./web/src/features/!(${feature})/**/*`],
              from: `./web/src/features/${feature}`,
              except: ['./index.ts'],
              message: `Import the ${feature} feature through its door, features/${feature}/index.ts.`,
            })),
            {
              target: ['./web/src/components', './web/src/lib'],
              from: './web/src/features',
              message: 'Shared UI (components/) and helpers (lib/) serve the features and must not depend on one.',
            },
          ],
        },
      ],
    },
  },
);
