// Vitest setup: jest-dom matchers (toBeInTheDocument, ...) and a clean DOM + storage between tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { webcrypto } from 'node:crypto';
import { options } from 'preact';
import { afterEach } from 'vitest';
import { resetDisguiseModeCache } from './lib/disguise-mode';
import { addEnglish } from './lib/i18n';
import english from './locales/en';

if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

// The vault decrypts with WebCrypto before a page shows its data; on a busy 2-core CI box that can take longer
// than Testing Library's 1 s default for findBy*/waitFor.
configure({ asyncUtilTimeout: 5000 });

// The app runs on Preact (ui/vite.config.ts), which runs effects after the next frame. jsdom draws no frames, so
// here they run right after the render that scheduled them, as a browser does within one frame: a test then sees
// subscriptions in place once the screen shows, and no timer is left behind when the test's window is gone.
options.requestAnimationFrame = (callback) => queueMicrotask(callback);

// In the app each screen's chunk adds its own English namespace; unit tests render screens directly.
addEnglish(english);

afterEach(() => {
  // A test of WebCrypto-only code runs in Node's own environment (`@vitest-environment node`): no window there.
  if (typeof window === 'undefined') return;
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetDisguiseModeCache();
});
