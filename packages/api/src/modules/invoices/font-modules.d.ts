/**
 * A binary asset imported with `?base64` (the `base64Modules()` plugin of
 * scripts/lib/text-modules.ts): its bytes as a base64 string, in the Worker bundle and in Vitest.
 */
declare module '*.ttf?base64' {
  const base64: string;
  export default base64;
}

declare module '*.icc?base64' {
  const base64: string;
  export default base64;
}
