import { afterEach, describe, expect, it } from 'vitest';
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

  it('maps each screen to the address the browser shows', () => {
    expect(addressFor('/')).toBe('/');
    expect(addressFor('/journal')).toBe('/');
    expect(addressFor('/staying-safe')).toBe('/');
    expect(addressFor('/weather')).toBe('/weather');
    expect(addressFor('/notes/')).toBe('/notes');
  });
});
