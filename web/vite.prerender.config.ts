import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The Node build of src/prerender.tsx that scripts/prerender.mjs runs after `vite build` to render
 * the public pages ahead of time (ADR 0017). Same route splitting and CSS-module names as the
 * browser build, so the markup it writes is the markup the browser hydrates.
 */
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: 'node_modules/.cache/kubemarket-prerender',
    emptyOutDir: true,
    // Images and fonts the pages import are the browser build's: none are written here.
    copyPublicDir: false,
  },
});
