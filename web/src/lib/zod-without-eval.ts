/**
 * zod's object schemas compile a fast parser with `new Function` unless told not to, and decide it
 * as each schema is built: in the browser the probe alone (`new Function('')`, caught) is refused by
 * our Content-Security-Policy, which has no 'unsafe-eval' and never will, and Chrome reports each
 * refusal as a page issue (Lighthouse's best-practices). The forms and queries parse a few small
 * values: the interpreted parser is as fast as anyone can tell. main.tsx imports this module first,
 * so it runs before any module builds a schema.
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` (zod/v4/core/core.js), which
 * `z.config({ jitless: true })` fills in; written here directly, because importing `config` puts
 * zod's core into the first load (+3.7 KiB gzip, over its budget). zod-without-eval.test.ts checks
 * that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// Set on zod's own object when zod came first (a test file), which its modules already hold.
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
