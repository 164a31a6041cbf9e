import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress.ts';

const routerDist = path.resolve(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '..',
);
const routerBuild = (file: string) => path.join(routerDist, 'production', file);

// The gateway serves dist/ in production; in development /api goes to the gateway on :8080.
export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    // React Router's package points every bundler at its development build (runtime warnings on);
    // a production build takes its production build, the same code without them.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerBuild('dom-export.mjs') },
          ]
        : [],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Everything the first paint needs in one file: on HTTP/1.1 each extra file of the first
        // load waits for a connection, and every request costs the page's main thread time.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
}));
