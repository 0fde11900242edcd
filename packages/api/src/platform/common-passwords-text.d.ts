/**
 * The common-password list, imported as a text module: in the Worker a Cloudflare `Text` module
 * (the runtime hands the file over as a string, no JavaScript to parse at start-up); in Vitest's
 * Node projects the `textModules()` plugin of scripts/lib/text-modules.ts. A pattern of its own,
 * more specific than vite/client's `*.txt` (a URL string), so the two can meet in one program.
 */
declare module '*/common-passwords.txt' {
  const text: string;
  export default text;
}
