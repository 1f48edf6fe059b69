import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from './app-config';
import { AUTH_STORAGE_KEY } from './auth-client';
import { applyDisguiseAtStart, getDisguiseMode, resetDisguiseModeCache } from './disguise-mode';
import { lockIfIdleAtStart, revokeOnServer } from './idle-lock';
import { LAST_ACTIVITY_KEY } from './inactivity';

const NOW = 1_800_000_000_000;
const session = JSON.stringify({ access_token: 'tok-123', refresh_token: 'r' });

describe('idle lock at start', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('removes a session whose last activity is older than 2 minutes and lands on the weather disguise', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, session);
    localStorage.setItem(`${AUTH_STORAGE_KEY}-user`, '{"id":"u"}');
    localStorage.setItem(LAST_ACTIVITY_KEY, String(NOW - 121_000));
    expect(lockIfIdleAtStart(localStorage, NOW)).toBe('tok-123');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(`${AUTH_STORAGE_KEY}-user`)).toBeNull();
    expect(getDisguiseMode()).toBe('weather');

    window.history.replaceState(null, '', '/journal');
    applyDisguiseAtStart();
    expect(window.location.pathname).toBe('/weather');
    expect(document.title).toBe('Weather Forecast');
  });

  it.each(['/advocate', '/operator'])('locks the staff area %s to its own sign-in, not to a disguise', (area) => {
    window.history.replaceState(null, '', area);
    localStorage.setItem(AUTH_STORAGE_KEY, session);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(NOW - 121_000));
    expect(lockIfIdleAtStart(localStorage, NOW)).toBe('tok-123');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(getDisguiseMode()).toBeNull();
    applyDisguiseAtStart();
    expect(window.location.pathname).toBe(area);
  });

  it('keeps a session used within the limit', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, session);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(NOW - 119_000));
    expect(lockIfIdleAtStart(localStorage, NOW)).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBe(session);
    expect(getDisguiseMode()).toBeNull();
  });

  it('a stored session with no recorded activity counts as idle', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, session);
    expect(lockIfIdleAtStart(localStorage, NOW)).toBe('tok-123');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('lands on the sign-in screen when she chose it, and keeps a disguise that already shows', () => {
    localStorage.setItem('idle-lock-screen', 'sign-in');
    localStorage.setItem(AUTH_STORAGE_KEY, session);
    lockIfIdleAtStart(localStorage, NOW);
    expect(getDisguiseMode()).toBeNull();

    localStorage.setItem('idle-lock-screen', 'weather');
    localStorage.setItem('view-mode', 'notes');
    resetDisguiseModeCache();
    localStorage.setItem(AUTH_STORAGE_KEY, session);
    lockIfIdleAtStart(localStorage, NOW);
    expect(getDisguiseMode()).toBe('notes');
  });

  it('does nothing without a stored session', () => {
    expect(lockIfIdleAtStart(localStorage, NOW)).toBeNull();
    expect(getDisguiseMode()).toBeNull();
  });

  it('ends the removed session on the server without waiting', () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    revokeOnServer({ ...DEFAULT_CONFIG, auth: { ...DEFAULT_CONFIG.auth, anon_key: 'anon' } }, 'tok-123');
    expect(fetchMock).toHaveBeenCalledWith(`${window.location.origin}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { Authorization: 'Bearer tok-123', apikey: 'anon' },
      keepalive: true,
    });
  });
});

describe('disguise mode kept on the device', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('opening a disguise path turns it on; other tabs turning it on are followed, leaving is not', async () => {
    window.history.replaceState(null, '', '/notes');
    applyDisguiseAtStart();
    expect(localStorage.getItem('view-mode')).toBe('notes');

    const { subscribeDisguiseMode } = await import('./disguise-mode');
    const seen = vi.fn();
    const stop = subscribeDisguiseMode(seen);
    localStorage.setItem('view-mode', 'weather');
    window.dispatchEvent(new StorageEvent('storage', { key: 'view-mode', newValue: 'weather' }));
    expect(getDisguiseMode()).toBe('weather');
    localStorage.removeItem('view-mode');
    window.dispatchEvent(new StorageEvent('storage', { key: 'view-mode', newValue: null }));
    expect(getDisguiseMode()).toBe('weather');
    expect(seen).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('the disguise cookie for the server', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    document.cookie = 'view-mode=; Path=/; Max-Age=0';
  });

  it('follows the mode: set on entering, removed on leaving, and repaired at start after Clear All Data', async () => {
    const { setDisguiseMode } = await import('./disguise-mode');
    setDisguiseMode('weather');
    expect(document.cookie).toContain('view-mode=weather');
    setDisguiseMode(null);
    expect(document.cookie).not.toContain('view-mode');

    setDisguiseMode('notes');
    localStorage.clear(); // Clear All Data leaves cookies alone
    resetDisguiseModeCache();
    applyDisguiseAtStart({ pathname: '/' });
    expect(document.cookie).not.toContain('view-mode');
  });
});
