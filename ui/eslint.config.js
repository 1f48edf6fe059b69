// The UI's linter: correctness rules only (JavaScript, TypeScript, the rules of hooks) plus the layer
// boundaries of the layout. Formatting and taste are left to the reviewer; tsc does the type checking.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import texts from './eslint/catalogue-texts.js';
import forms from './eslint/form-memory.js';
import layers from './eslint/layer-boundaries.js';

export default defineConfig([
  globalIgnores(['dist/', 'e2e/artifacts/', 'node_modules/']),
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.node } },
    rules: {
      // Capturing `this` is how a test spy records which element it was called on.
      '@typescript-eslint/no-this-alias': 'off',
    },
  },
  {
    // End-to-end tests run in Node but hand functions to page.evaluate, which run in the browser.
    files: ['e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The offline worker runs in the browser's service-worker scope.
    files: ['src/sw/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'solace-layers': layers },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'solace-layers/layer-boundaries': 'error',
    },
  },
  {
    // No module may import itself back through others: a cycle makes the load order (and what a lazy
    // route pulls in) depend on which file happens to be imported first.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Every text a screen shows comes from the catalogues (src/locales), in every language.
    files: ['src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'src/testing/**', 'src/lib/test-utils/**'],
    plugins: { 'solace-texts': texts },
    rules: { 'solace-texts/catalogue-texts': 'error' },
  },
  {
    // Dates reach the screen in one format per language, made in one place (src/lib/dates.ts).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/dates.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleDateString', 'toLocaleTimeString', 'toLocaleString'].map((property) => ({
          property,
          message: 'Show dates with formatDate, formatDateTime or formatTime (src/lib/dates.ts).',
        })),
        { object: 'Intl', property: 'DateTimeFormat', message: 'Dates are formatted in src/lib/dates.ts only.' },
      ],
    },
  },
  {
    // What the browser may remember of each field is said, never left to its default (eslint/form-memory.js).
    files: ['src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'src/testing/**', 'src/lib/test-utils/**'],
    plugins: { 'solace-forms': forms },
    rules: { 'solace-forms/form-memory': 'error' },
  },
]);
