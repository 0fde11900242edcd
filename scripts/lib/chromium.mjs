// Debian's Chromium for the browser tiers. Playwright's own browser download cannot work offline;
// Debian's packages can be installed: the headless shell runs the tests (web/e2e/fixtures.ts), the
// full browser runs Lighthouse (scripts/lighthouse.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's full chromium as the benchmarks run it (Lighthouse, pnpm profile:page): headless, offline, quiet. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const PACKAGES = [
  ['chromium', '/usr/bin/chromium'],
  ['chromium-headless-shell', '/usr/bin/chromium-headless-shell'],
];

/** Installs whichever of Debian's chromium packages is missing (as root), or exits with how to. */
export function ensureChromium() {
  const missing = PACKAGES.filter(([, binary]) => !existsSync(binary)).map(([name]) => name);
  if (!missing.length) return;
  console.log(`Installing Debian's ${missing.join(' and ')} for the browser tests...`);
  const apt = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (apt(['update', '-qq']).status !== 0 || apt(['install', '-y', '-qq', ...missing]).status !== 0) {
    console.error(`Browser tests need Debian's ${missing.join(' and ')}: run \`apt-get install -y ${missing.join(' ')}\` as root.`);
    process.exit(1);
  }
}
