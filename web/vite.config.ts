import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderMeta } from './build/prerender-meta';
import { prerenderedMarketingPages } from './src/features/marketing/marketing-seo';

// The gateway (the platform's only public entry) listens on 3000 in development.
const gateway = 'http://127.0.0.1:3000';
const proxy = { '/api': { target: gateway } };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), prerenderMeta(prerenderedMarketingPages)],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true, proxy },
});
