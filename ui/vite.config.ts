import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compileHints } from './compile-hints-plugin.ts';
import { disguisePreloads } from './disguise-preloads-plugin.ts';
import { serviceWorker } from './service-worker-plugin.ts';

/** A file of an installed package by its path, past the package's export map. */
const dependency = (file: string) => fileURLToPath(new URL(`./node_modules/${file}`, import.meta.url));

// The Rust binary (default 127.0.0.1:8080) serves /auth/v1 and /api; the dev server forwards them there.
const backend = 'http://127.0.0.1:8080';

// Vitest runs most test files in the `vmForks` pool: each file still gets a fresh jsdom window and a fresh copy of
// every module, in a new VM context, but inside a worker process that imported jsdom once, instead of a new
// process per file that imports it again (`forks`): jsdom's import was most of Vitest's CPU time
// (docs/development.md, "What the test command costs"). These files fail there and run in processes of their own:
// they redefine `window.location` (weather-page), spy on jsdom's `performance` (neutral-history), need Node's
// web streams (export-section), or mock a module the VM context does not see mocked (checkin-reminder,
// panic-tab-icon); two passed alone there but not beside other files in the same worker (vault-offline,
// server-config). A new file that fails only in the `shared` project belongs here.
const OWN_PROCESS = [
  'src/app/layout/checkin-reminder.test.tsx',
  'src/components/vault/vault-offline.test.tsx',
  'src/features/disguise-weather/weather-page.test.tsx',
  'src/features/incidents/export-section.test.tsx',
  'src/features/incidents/server-config.test.ts',
  'src/lib/neutral-history.test.ts',
  'src/providers/panic-tab-icon.test.tsx',
];

export default defineConfig({
  // Absolute base: deep links are answered with index.html by the server's SPA fallback.
  base: '/',
  plugins: [react(), compileHints(), disguisePreloads(), serviceWorker()],
  resolve: {
    // The app is written against React's API and runs on Preact's compatible one (preact/compat): React DOM
    // alone is about 58 KB compressed, more than the sign-in page's whole budget leaves for its script.
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
    ],
  },
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
        // Everything the first page needs (Preact, router, shell) in the one entry chunk,
        // instead of several small shared chunks: fewer requests on a cold load.
        // The authenticator-code field is shared by the sign-in screens and Settings; it travels with the
        // sign-in screens rather than as one more request on /auth.
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'auth', test: /[\\/]src[\\/](features[\\/]auth|components[\\/]code-input)/ },
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
    // The testing library and the router as ES modules through the bundler (past their export maps, which send
    // Node to CommonJS builds): they then meet the same Preact (the aliases above) as the app, not React itself.
    alias: [
      { find: /^@testing-library\/react$/, replacement: dependency('@testing-library/react/dist/@testing-library/react.esm.js') },
      { find: /^react-router-dom$/, replacement: dependency('react-router-dom/dist/index.mjs') },
      { find: /^react-router$/, replacement: dependency('react-router/dist/development/index.mjs') },
      { find: /^react-router\/dom$/, replacement: dependency('react-router/dist/development/dom-export.mjs') },
    ],
    server: { deps: { inline: [/react-router/, /@testing-library[\\/]react/] } },
    restoreMocks: true,
    unstubGlobals: true,
    // A guard against a hang, not a goal: the tests that derive keys (the vault's PIN, PBKDF2) ran past the
    // default 5 s while the test command compiles the server on the same two cores.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          pool: 'vmForks',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
        },
      },
      { extends: true, test: { name: 'own-process', pool: 'forks', include: OWN_PROCESS } },
      // The lint rules' own tests lint samples with the project's ESLint config, whose plugins and TypeScript
      // parser take seconds to load: in the shared pool each file loaded them again, into a window it never
      // used (the layer rule's file took 20 s). They touch no page and share no state, so they run in Node's
      // environment, one process for all of them.
      {
        test: {
          name: 'lint-rules',
          environment: 'node',
          pool: 'forks',
          isolate: false,
          include: ['eslint/**/*.test.js'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
