/**
 * A text file imported with Vite's `?raw` suffix: its contents as a string, inlined into the bundle
 * at build time (Worker build and Vitest alike). A pattern of its own, not vite/client's `*?raw`, so
 * the two can meet in one program (web's typecheck reaches this package) without clashing.
 */
declare module '*.txt?raw' {
  const text: string;
  export default text;
}
