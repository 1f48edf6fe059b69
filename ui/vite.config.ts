import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { serviceWorker } from './service-worker-plugin';

// The Rust binary (default 127.0.0.1:8080) serves /auth/v1 and /api; the dev server forwards them there.
const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  // Absolute base: deep links are answered with index.html by the server's SPA fallback.
  base: '/',
  plugins: [react(), serviceWorker()],
  server: {
    proxy: {
      // Only the auth API: /auth itself is the sign-in page, served by Vite.
      '/auth/v1': { target: backend, changeOrigin: false },
      '/api': { target: backend, changeOrigin: false },
    },
  },
  build: {
    // One stylesheet for the whole app: saves a request per lazy page (the /auth cold-load budget is 6 requests).
    cssCodeSplit: false,
    target: 'es2022',
    // Vite's module-preload polyfill is not needed by the browsers we target and would add bytes to the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first page needs (React, router, auth client, shell) in the one entry chunk,
        // instead of several small shared chunks: fewer requests on a cold load.
        // The authenticator-code field is shared by the sign-in screens and Settings; it travels with the
        // sign-in screens rather than as one more request on /auth.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'auth', test: /[\\/]src[\\/](features[\\/]auth|lib[\\/]code-input)/ },
          ],
        },
        // File names are the content hash alone: the browser's cache and the offline copy list them, and a name
        // such as `journal-…` or `safety-plan-…` would say what the site is for.
        entryFileNames: 'assets/[hash].js',
        chunkFileNames: 'assets/[hash].js',
        assetFileNames: 'assets/[hash][extname]',
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'eslint/**/*.test.js'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
