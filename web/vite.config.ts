import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { cloudflare } from '@cloudflare/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { routePreloads } from '../scripts/lib/route-preloads-plugin';
import { base64Modules } from '../scripts/lib/text-modules';

/**
 * CSP source of the inline script plugin-react puts in index.html in dev (the fast-refresh
 * preamble). The Worker adds it to script-src only when this variable is set, i.e. under `vite dev`.
 */
const reactPreambleHash = `'sha256-${createHash('sha256').update(react.preambleCode.replace('__BASE__', '/')).digest('base64')}'`;

/** Paths of the modules Vite serves in dev (source, dependencies, its client and plugin runtimes). */
const VITE_MODULE_PATHS = ['/src/*', '/node_modules/*', '/@vite/*', '/@fs/*', '/@id/*', '/@react-refresh'];

/**
 * The Worker's way into the app's renderer of console pages (ADR 0045): `virtual:kubemarket/console-renderer`
 * is src/server-render.tsx, bundled (with the app's route splitting) into the Worker only.
 */
function consoleRenderer(): Plugin {
  return {
    name: 'kubemarket-console-renderer',
    resolveId: (id) => (id === 'virtual:kubemarket/console-renderer' ? fileURLToPath(new URL('src/server-render.tsx', import.meta.url)) : null),
  };
}

/** Mantine's components and hooks, the icons, and the positioning library Mantine's popovers use. */
const UI_LIBRARIES = /node_modules[\\/](@mantine[\\/](core|hooks)|@tabler[\\/]icons-react|@floating-ui)[\\/]/;

export default defineConfig(({ command }) => ({
  plugins: [
    // The router plugin must run before the React plugin so that it can split route files first.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // `?base64` imports (the invoice PDF's font) in the Worker bundle, for `vite build` and `vite dev`.
    base64Modules(),
    // route-preloads.json: the chunks each page needs, for the Worker's modulepreload links (ADR 18).
    routePreloads(),
    consoleRenderer(),
    // `vite dev` runs the Worker (worker/src/index.ts) in workerd next to the SPA: one process, one
    // origin. `vite build` writes the SPA to dist/client and the bundled Worker with its generated
    // wrangler.json to dist/kubemarket, the hubs' Worker to dist/kubemarket_hub (what `pnpm deploy` and the
    // browser tests run).
    cloudflare({
      configPath: '../wrangler.toml',
      // The notification hubs' own Worker (ADR 52), which the app binds by its name: built beside
      // it into dist/kubemarket_hub, and run beside it by `vite dev`.
      auxiliaryWorkers: [{ configPath: '../wrangler.hub.toml' }],
      // The database `pnpm dev` migrates and seeds (scripts/lib/local-worker.mjs prepareDatabase);
      // scripts/dev-check.mjs points it at a throwaway one.
      persistState: { path: process.env.KUBEMARKET_DEV_STATE ?? '../.wrangler/state' },
      // Development settings only for `vite dev`: in the build they would ship to production.
      ...(command === 'serve'
        ? {
            config: (config) => ({
              vars: {
                ...config.vars,
                ENVIRONMENT: 'development',
                DEV_SCRIPT_SRC: reactPreambleHash,
                PROVISIONER_SPEED: process.env.PROVISIONER_SPEED ?? '6',
                // The local API gateway of simulated clusters, when the launcher started one (ADR 32).
                ...(process.env.KUBE_GATEWAY_URL && process.env.KUBE_GATEWAY_SECRET
                  ? { KUBE_GATEWAY_URL: process.env.KUBE_GATEWAY_URL, KUBE_GATEWAY_SECRET: process.env.KUBE_GATEWAY_SECRET }
                  : {}),
              },
              // The Worker still answers every page, API and socket path first (index.html gets its
              // csrf-token meta tag and every response its headers); Vite's own module requests skip
              // it, which makes a page load about a third faster.
              assets: { ...config.assets, run_worker_first: ['/*', ...VITE_MODULE_PATHS.map((path) => `!${path}`)] },
            }),
          }
        : {}),
    }),
  ],
  server: {
    port: 5173,
    strictPort: true,
  },
  environments: {
    client: {
      build: {
        // index.html keeps its modulepreload links; a dynamic import no longer preloads its chunk's
        // dependencies from a table in the entry (9 KiB gzip of the first load): the Worker preloads
        // a page's chunks from route-preloads.json instead (ADR 18). Every browser we support has
        // modulepreload, so no polyfill either.
        // `pnpm profile:page` builds with WEB_SOURCEMAP=1: maps beside the scripts, no comment in them.
        sourcemap: process.env.WEB_SOURCEMAP === '1' ? 'hidden' : false,
        modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []) },
        rolldownOptions: {
          output: {
            // Libraries change far less often than our code: separate chunks keep them cached across deploys.
            codeSplitting: {
              groups: [
                { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
                // Not one Mantine group: it would pull every component and icon any lazy page uses (a
                // Stepper, a chart) into the first load (+37 KiB gzip measured). See 'ui' below.
                { name: 'data', test: /node_modules[\\/](@tanstack|@trpc)[\\/]/, priority: 3 },
                // The many small library modules (icons, small components, hooks) the pages load
                // after the first one: in one file instead of dozens, one request per page instead
                // of 50 (ADR 20). Those of the first load stay in it ('first-ui', ahead by priority).
                { name: 'first-ui', tags: ['$initial'], test: UI_LIBRARIES, priority: 2 },
                { name: 'ui', test: UI_LIBRARIES, maxModuleSize: 4096, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
}));
