// The JavaScript a first visit to / downloads before anything renders, as the built index.html
// references it: the entry script plus its modulepreload links, each gzip-compressed as served.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** `vite build` output of the SPA (web/vite.config.ts, @cloudflare/vite-plugin). */
export const CLIENT_DIST = 'web/dist/client';

/** Budget of the initial JavaScript of / (gzip), checked by `pnpm test`. */
export const INITIAL_JS_BUDGET_BYTES = 270 * 1024;

/** The scripts index.html loads at once, with their gzip sizes in bytes. */
export function initialJavaScript(dist = CLIENT_DIST) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const tags = [...html.matchAll(/<(?:script|link)\b[^>]*>/g)].map((match) => match[0]);
  const files = tags.flatMap((tag) => {
    const isEntry = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const url = /\b(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    return (isEntry || isPreload) && url ? [url] : [];
  });
  return [...new Set(files)].map((file) => ({ file, gzipBytes: gzipSync(readFileSync(join(dist, file))).length }));
}

export function initialJsGzipBytes(dist = CLIENT_DIST) {
  return initialJavaScript(dist).reduce((total, { gzipBytes }) => total + gzipBytes, 0);
}

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
