import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundleReport, REACT_CHUNK_NAME } from './build/bundle-report';
import { prerenderPages } from './build/prerender-pages';

// The gateway (the platform's only public entry) listens on 3000 in development.
const gateway = 'http://127.0.0.1:3000';
const proxy = { '/api': { target: gateway } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), bundleReport(), prerenderPages()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and ReactDOM in a chunk of their own: cached across releases, and the yardstick of the
          // build's per-route JavaScript report (build/bundle-report.ts).
          groups: [{ name: REACT_CHUNK_NAME, test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
});
