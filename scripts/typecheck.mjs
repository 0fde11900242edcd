// `pnpm typecheck`: every TypeScript project of the workspace checked by TypeScript 7, the native
// compiler (devDependency `typescript7`, npm:typescript@7), two projects at a time, each on one
// thread. TypeScript 6 stays the `typescript` package for typescript-eslint's parser, which needs
// its JavaScript API (ADR 29). Measured on the 2-core machine: the five projects took 68 s of CPU
// with TypeScript 6 and take 23 s with TypeScript 7.
//
//   node scripts/typecheck.mjs            every project
//   node scripts/typecheck.mjs web        one project (a folder with a tsconfig.json)
//
// The SDK's types are generated from the OpenAPI document the code builds and are not committed
// (ADR 35): before packages/sdk or packages/cli is checked, packages/sdk/scripts/generate.mjs writes
// them (about 10 s, beside the other projects' checks), so they are never stale here.
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/** The longest first, so that the two lanes end together. */
const PROJECTS = ['web', 'packages/api', 'worker', 'packages/db', 'packages/shared', 'packages/sdk', 'packages/cli'];
/** Two at a time on two cores; in `pnpm test` the lint and the build run beside them. */
const CONCURRENCY = 2;

const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript7/package.json')), 'bin/tsc');
const asked = process.argv.slice(2).map((project) => relative(root, resolve(project)) || '.');
const projects = asked.length ? asked : PROJECTS;

/** Projects that import the SDK's generated types. */
const READS_SDK_TYPES = new Set(['packages/sdk', 'packages/cli']);
let sdkTypes = null;

/** Runs the SDK's generator once; resolves with its output when it failed, null when it wrote the types. */
function generateSdkTypes() {
  sdkTypes ??= new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'packages/sdk/scripts/generate.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => done(code === 0 ? null : Buffer.concat(output).toString().trim()));
  });
  return sdkTypes;
}

async function check(project) {
  const started = performance.now();
  if (READS_SDK_TYPES.has(project)) {
    const failure = await generateSdkTypes();
    if (failure) {
      console.log(`FAILED ${project}: packages/sdk/scripts/generate.mjs could not write the SDK's types\n${failure}`);
      return false;
    }
  }
  return new Promise((done) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '--singleThreaded', '--pretty', 'false', '-p', join(root, project)], {
      cwd: join(root, project),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString().trim();
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok    ' : 'FAILED'} ${project} (${seconds} s)`);
      // Paths as the project's tsc printed them, from the project's folder: made relative to the root.
      if (text) console.log(text.replace(/^(?!\s)(\S[^(\n]*)\((\d+),(\d+)\)/gm, (_, file, line, column) => `${join(project, file)}(${line},${column})`));
      done(code === 0);
    });
  });
}

// The generator starts at once, beside the first checks, when a project needs its types.
if (projects.some((project) => READS_SDK_TYPES.has(project))) void generateSdkTypes();
const queue = [...projects];
const results = [];
await Promise.all(
  Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
    while (queue.length) results.push(await check(queue.shift()));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
