import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './app-config';
import { AUTH_STORAGE_KEY, authNeededAtStart, authUrl } from './auth-client';

describe('auth client set-up', () => {
  it('uses the embedded service unless the config names an external one', () => {
    expect(authUrl(DEFAULT_CONFIG, 'https://solace.example')).toBe('https://solace.example/auth/v1');
    const external = { ...DEFAULT_CONFIG, auth: { ...DEFAULT_CONFIG.auth, url: 'https://id.example/auth/v1' } };
    expect(authUrl(external, 'https://solace.example')).toBe('https://id.example/auth/v1');
  });

  it('needs the client at start only with a stored session or an OAuth result in the URL', () => {
    expect(authNeededAtStart()).toBe(false);
    localStorage.setItem(AUTH_STORAGE_KEY, '{}');
    expect(authNeededAtStart()).toBe(true);
    localStorage.clear();
    window.history.replaceState(null, '', '/#access_token=abc&token_type=bearer');
    expect(authNeededAtStart()).toBe(true);
    window.history.replaceState(null, '', '/');
  });
});
