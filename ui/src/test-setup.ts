// Vitest setup: jest-dom matchers (toBeInTheDocument, ...) and a clean DOM + storage between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetDisguiseModeCache } from './lib/disguise-mode';

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetDisguiseModeCache();
});
