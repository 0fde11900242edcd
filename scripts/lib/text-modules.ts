import { readFileSync } from 'node:fs';

interface LoadPlugin {
  name: string;
  enforce: 'pre';
  load(id: string): string | null;
}

const BASE64_SUFFIX = '?base64';

/**
 * `import bytes from './font.ttf?base64'`: the file's bytes as a base64 string. The Worker runtime
 * has no module type for arbitrary binaries (@cloudflare/vite-plugin maps only `.bin` to a Data
 * module), so binaries travel as a string literal the same way in the Worker bundle, `vite dev`,
 * the workerd test pool and Vitest's Node projects. Registered by web/vite.config.ts (the Worker
 * build) and, through `textModules()`, by the api and worker Vitest projects.
 */
export function base64Modules(): LoadPlugin {
  return {
    name: 'kubemarket:base64-modules',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith(BASE64_SUFFIX)) return null;
      return `export default ${JSON.stringify(readFileSync(id.slice(0, -BASE64_SUFFIX.length)).toString('base64'))};`;
    },
  };
}

/**
 * `import text from './file.txt'` as the Worker runtime does it (a Cloudflare `Text` module, which
 * @cloudflare/vite-plugin emits for the build and `vite dev`), for Vitest's Node projects and the
 * workerd test pool, where Vite would otherwise hand back the file's URL. It also loads
 * `?base64` imports (see `base64Modules`), which the Worker build gets from its own plugin.
 */
export function textModules(): LoadPlugin {
  const binary = base64Modules();
  return {
    name: 'kubemarket:text-modules',
    enforce: 'pre',
    load(id) {
      if (id.endsWith(BASE64_SUFFIX)) return binary.load(id);
      if (!id.endsWith('.txt')) return null;
      return `export default ${JSON.stringify(readFileSync(id, 'utf8'))};`;
    },
  };
}
