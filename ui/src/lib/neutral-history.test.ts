import { afterEach, describe, expect, it, vi } from 'vitest';
import { removeStoredSession } from './session-end';
import { landAfterIdle } from './idle-lock';
import { addressFor, createNeutralHistory } from './neutral-history';

describe('the neutral history', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('the address names no screen: every screen shows /, a disguise its own path, and no entry is added', () => {
    window.history.replaceState(null, '', '/');
    const history = createNeutralHistory();
    const start = window.history.length;
    const seen: string[] = [];
    const addresses: string[] = [];
    const stop = history.listen(({ location }) => {
      seen.push(location.pathname);
      addresses.push(window.location.pathname);
    });
    for (const path of ['/journal', '/safety-plan', '/auth', '/weather', '/settings', '/notes/', '/mood']) {
      history.push(path);
    }
    history.replace('/affirmations');
    expect(seen).toEqual(['/journal', '/safety-plan', '/auth', '/weather', '/settings', '/notes/', '/mood', '/affirmations']);
    expect(addresses).toEqual(['/', '/', '/', '/weather', '/', '/notes', '/', '/']);
    expect(window.history.length).toBe(start);
    expect(history.location.pathname).toBe('/affirmations');
    stop();
  });

  it('a link to a screen lands on it, then the address becomes the neutral one, keeping what the link carried', () => {
    window.history.replaceState(null, '', '/auth?from=link#error_code=otp_expired');
    const history = createNeutralHistory();
    expect(history.location.pathname).toBe('/auth');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/?from=link#error_code=otp_expired',
    );
  });

  it('a reload lands on the screen the tab was on, not Home, until an exit or a lock forgets it (issue 36)', () => {
    const reload = () => {
      const nav = vi.spyOn(window.performance, 'getEntriesByType').mockReturnValue([
        { type: 'reload' } as unknown as PerformanceEntry,
      ]);
      window.history.replaceState(null, '', '/');
      const history = createNeutralHistory();
      nav.mockRestore();
      return history;
    };
    window.history.replaceState(null, '', '/');
    const first = createNeutralHistory();
    const stop = first.listen(() => {});
    first.push('/journal');
    stop();
    expect(window.location.pathname).toBe('/');
    expect(Object.keys(sessionStorage).join(' ')).not.toMatch(/solace|journal|safe/i);
    expect(reload().location.pathname).toBe('/journal');

    // A new visit (typed, a link) starts where it was opened.
    window.history.replaceState(null, '', '/');
    expect(createNeutralHistory().location.pathname).toBe('/');

    // The quick exit and the idle lock end the session: a reload then lands where they put her.
    removeStoredSession();
    expect(reload().location.pathname).toBe('/');
    const again = reload();
    const stop2 = again.listen(() => {});
    again.push('/mood');
    stop2();
    expect(reload().location.pathname).toBe('/mood');
    landAfterIdle('/mood');
    expect(reload().location.pathname).toBe('/');
    sessionStorage.clear();
  });

  it('maps each screen to the address the browser shows', () => {
    expect(addressFor('/')).toBe('/');
    expect(addressFor('/journal')).toBe('/');
    expect(addressFor('/staying-safe')).toBe('/');
    expect(addressFor('/weather')).toBe('/weather');
    expect(addressFor('/notes/')).toBe('/notes');
    // The staff areas keep their own address: a reload stays in them.
    expect(addressFor('/advocate')).toBe('/advocate');
    expect(addressFor('/operator')).toBe('/operator');
  });
});
