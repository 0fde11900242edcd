import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const WORKER_ORIGIN = 'http://127.0.0.1:8787';

export default defineConfig({
  // The router plugin must run before the React plugin so that it can split route files first.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: WORKER_ORIGIN, changeOrigin: false },
      '/trpc': { target: WORKER_ORIGIN, changeOrigin: false },
      '/ws': { target: WORKER_ORIGIN, ws: true, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than our code: separate chunks keep them cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui|@tabler)[\\/]/ },
            { name: 'data', test: /node_modules[\\/](@tanstack|@trpc)[\\/]/ },
          ],
        },
      },
    },
  },
});
