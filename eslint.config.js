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

/** The API's domain modules: each is reached from another module only through its index.ts (its door). */
const API_MODULES = readdirSync(join(import.meta.dirname, 'packages/api/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Test scaffolding (tests, and packages/api/src/testing/: fixtures, fakes, test beds) may reach into a module; production code may not. */
const TEST_FILES = ['**/*.test.ts', 'packages/api/src/testing/**'];

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
      // The SDK's types, generated from the OpenAPI document (packages/sdk/scripts/generate.mjs, ADR 35).
      'packages/sdk/src/generated/**',
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
    files: ['scripts/**/*.{js,mjs}', 'web/scripts/**/*.{js,mjs}', 'packages/*/scripts/**/*.{js,mjs}', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', fetch: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', performance: 'readonly', module: 'writable', require: 'readonly' } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // One way to write a browser test (issue 32): `it` from e2e/fixtures.ts, whose test names the
    // page it uses and gets it fresh, offline and closed after it.
    files: ['web/e2e/**/*.ts'],
    ignores: ['web/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'vitest',
              importNames: ['it', 'test'],
              message: "Browser tests take `it` from './fixtures' (it gives a test its page and the page's errors).",
            },
          ],
        },
      ],
    },
  },
  {
    // One tRPC instance (packages/api/src/trpc.ts): every procedure is in appRouter, where the
    // authorization matrix tests it for every kind of caller (docs/architecture.md#security). The
    // one other router is the bench's floor (worker/src/bench-floor.ts, ADR 48): bare by design,
    // served in development only, never in production (worker/test/production.test.ts).
    files: ['packages/*/src/**/*.ts', 'worker/src/**/*.ts'],
    ignores: ['packages/api/src/trpc.ts', 'worker/src/bench-floor.ts', ...TEST_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@trpc/server',
              importNames: ['initTRPC'],
              message: 'Procedures are built from packages/api/src/trpc.ts and mounted in appRouter, so the authorization matrix tests each one.',
            },
          ],
        },
      ],
    },
  },
  {
    // Import cycles make module order decide behaviour (a binding read before it is set) and
    // defeat code splitting. Type-only imports are erased and do not count.
    files: ['web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'worker/src/**/*.ts'],
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
    // Doors on the server (issue 32): a module calls another through its index.ts only; the
    // composition roots (root.ts mounts the routers, index.ts is the package's door) may also take
    // a router; platform/ (the ports and cross-cutting services) never depends on a module.
    files: ['packages/api/src/**/*.ts'],
    ignores: TEST_FILES,
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...API_MODULES.flatMap((module) => [
              {
                target: `./packages/api/src/modules/!(${module})/**/*`,
                from: `./packages/api/src/modules/${module}`,
                except: ['./index.ts'],
                message: `Call the ${module} module through its door, modules/${module}/index.ts (export what you need there).`,
              },
              {
                target: './packages/api/src/*.ts',
                from: `./packages/api/src/modules/${module}`,
                except: ['./index.ts', './router.ts'],
                message: `Reach the ${module} module through its door, modules/${module}/index.ts.`,
              },
            ]),
            {
              target: './packages/api/src',
              from: './packages/api/src/testing',
              message: 'testing/ (fixtures, fakes, test beds) serves the tests only: production code may not import it.',
            },
            {
              target: ['./packages/api/src/platform', './packages/api/src/context.ts', './packages/api/src/trpc.ts', './packages/api/src/errors.ts'],
              from: './packages/api/src/modules',
              message: 'platform/ and the context sit below the modules: move what they need (a port, a message type) into platform/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Dialogs and drawers render from the first time they open (web/src/components/overlays.tsx,
    // ADR 54): Mantine's own render their portal closed, a second render of each as the page hydrates.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/components/overlays.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Modal', 'Drawer'],
              message: "Use Modal and Drawer from web/src/components/overlays.tsx: rendered only once opened.",
            },
          ],
        },
      ],
    },
  },
  {
    // docs/architecture.md#layout: web depends on shared and on the API's types only, and a feature does not
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
