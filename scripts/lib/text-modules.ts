import { readFileSync } from 'node:fs';

/**
 * `import text from './file.txt'` as the Worker runtime does it (a Cloudflare `Text` module, which
 * @cloudflare/vite-plugin emits for the build and `vite dev`), for Vitest's Node projects and the
 * workerd test pool, where Vite would otherwise hand back the file's URL.
 */
export function textModules(): { name: string; enforce: 'pre'; load(id: string): string | null } {
  return {
    name: 'kubemarket:text-modules',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('.txt')) return null;
      return `export default ${JSON.stringify(readFileSync(id, 'utf8'))};`;
    },
  };
}
