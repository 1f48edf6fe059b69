// Vitest setup: jest-dom matchers (toBeInTheDocument, ...) and a clean DOM + storage between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetDisguiseModeCache } from './lib/disguise-mode';
import { addEnglish } from './lib/i18n';
import english from './locales/en';

// The vault decrypts with WebCrypto before a page shows its data; on a busy 2-core CI box that can take longer
// than Testing Library's 1 s default for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });

// In the app each screen's chunk adds its own English namespace; unit tests render screens directly.
addEnglish(english);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetDisguiseModeCache();
});
