import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG } from './app-config';
import {
  configureQuickExit,
  endSessionHere,
  EXITED_KEY,
  EXITING_ATTRIBUTE,
  exitControl,
  installExitControls,
  followSessionEndInOtherTabs,
  guardBackForwardCache,
  hideAppNow,
  leaveIfExitedBefore,
  NEUTRAL_TITLE,
  pickQuickExitDestination,
  quickExit,
} from './quick-exit';

const SESSION = JSON.stringify({ access_token: 'tok-123', refresh_token: 'r-1', user: { id: 'u' } });

afterEach(() => {
  configureQuickExit(DEFAULT_CONFIG);
  document.documentElement.removeAttribute(EXITING_ATTRIBUTE);
  document.body.style.removeProperty('display');
  localStorage.clear();
  sessionStorage.clear();
});

/** A stand-in window that only dispatches events and records reloads and replacements, reached by `arrivedBy`. */
function fakeTab(arrivedBy: NavigationTimingType = 'navigate') {
  const reload = vi.fn();
  const replace = vi.fn();
  const win = new EventTarget() as unknown as Window;
  const performance = { getEntriesByType: () => [{ type: arrivedBy }] };
  Object.assign(win, { document, sessionStorage, performance, location: { reload, replace } });
  return { win, reload, replace };
}

describe('quick exit', () => {
  it('picks among the configured neutral pages, none of them a webmail inbox by default', () => {
    const picked = [0, 0.34, 0.67, 0.9999].map((r) => pickQuickExitDestination(() => r));
    expect(new Set(picked)).toEqual(new Set(DEFAULT_CONFIG.safety.exit_destinations));
    expect(picked.some((u) => u.includes('mail'))).toBe(false);
    configureQuickExit({ ...DEFAULT_CONFIG, safety: { exit_destinations: ['http://127.0.0.1:9/'] } });
    expect(pickQuickExitDestination(() => 0.5)).toBe('http://127.0.0.1:9/');
  });

  it('hides the page and its title before anything else', () => {
    document.title = 'Solace';
    hideAppNow();
    expect(document.documentElement.hasAttribute(EXITING_ATTRIBUTE)).toBe(true);
    expect(document.body.style.getPropertyValue('display')).toBe('none');
    expect(document.title).toBe(NEUTRAL_TITLE);
  });

  it('removes the stored session and asks the server to end it without waiting', () => {
    localStorage.setItem('session', SESSION);
    localStorage.setItem('session-code-verifier', 'v');
    localStorage.setItem('theme', 'dark');
    configureQuickExit({ ...DEFAULT_CONFIG, auth: { url: 'https://id.example/auth/v1', anon_key: 'anon', google_enabled: false } });
    const fetchImpl = vi.fn(() => new Promise<Response>(() => undefined));
    endSessionHere(localStorage, fetchImpl);
    expect(localStorage.getItem('session')).toBeNull();
    expect(localStorage.getItem('session-code-verifier')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(fetchImpl).toHaveBeenCalledWith('https://id.example/auth/v1/logout?scope=local', {
      method: 'POST',
      keepalive: true,
      headers: { Authorization: 'Bearer tok-123', apikey: 'anon' },
    });
  });

  it('sends nothing when no one is signed in', () => {
    const fetchImpl = vi.fn();
    endSessionHere(localStorage, fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('hides, ends the session, then replaces the history entry (so Back does not return)', async () => {
    localStorage.setItem('session', SESSION);
    const order: string[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      order.push(`revoke (hidden: ${document.documentElement.hasAttribute(EXITING_ATTRIBUTE)})`);
      return new Promise<Response>(() => undefined);
    });
    const loc = {
      replace: vi.fn((url: string) => order.push(`replace ${url} (session: ${localStorage.getItem('session')})`)),
      assign: vi.fn(),
    };
    quickExit(loc, () => 0);
    // Hidden at once; the rest follows the next frame.
    expect(document.documentElement.hasAttribute(EXITING_ATTRIBUTE)).toBe(true);
    expect(order).toEqual([]);
    await vi.waitFor(() =>
      expect(order).toEqual([
        'revoke (hidden: true)',
        `replace ${DEFAULT_CONFIG.safety.exit_destinations[0]} (session: null)`,
      ]),
    );
    expect(loc.assign).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('a page restored from the back/forward cache is hidden and reloaded', () => {
    const { win, reload } = fakeTab();
    guardBackForwardCache(win);
    const show = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(show, 'persisted', { value: true });
    win.dispatchEvent(show);
    expect(document.documentElement.hasAttribute(EXITING_ATTRIBUTE)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('after an exit, a page of the app reached by Back, Forward or a reload leaves again at once', () => {
    quickExit({ replace: vi.fn() });
    for (const arrivedBy of ['back_forward', 'reload'] as const) {
      document.documentElement.removeAttribute(EXITING_ATTRIBUTE);
      const { win, replace } = fakeTab(arrivedBy);
      expect(leaveIfExitedBefore(win)).toBe(true);
      expect(document.documentElement.hasAttribute(EXITING_ATTRIBUTE)).toBe(true);
      expect(replace).toHaveBeenCalledWith('about:blank');
    }
    // Restored from the back/forward cache: it leaves too, instead of loading the app afresh.
    const { win, reload, replace } = fakeTab('back_forward');
    guardBackForwardCache(win);
    const show = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(show, 'persisted', { value: true });
    win.dispatchEvent(show);
    expect([reload.mock.calls.length, replace.mock.calls]).toEqual([0, [['about:blank']]]);
  });

  it('an address she opens herself after an exit starts the app again, and so does a tab that never left', () => {
    const { win, replace } = fakeTab('back_forward');
    expect(leaveIfExitedBefore(win)).toBe(false);
    sessionStorage.setItem(EXITED_KEY, '1');
    const typed = fakeTab('navigate');
    expect(leaveIfExitedBefore(typed.win)).toBe(false);
    expect(sessionStorage.getItem(EXITED_KEY)).toBeNull();
    // And Back to an earlier load after that new visit is an ordinary Back again.
    expect(leaveIfExitedBefore(win)).toBe(false);
    expect(replace).not.toHaveBeenCalled();
  });

  it('a session ended in another tab hides this one and reloads it; other storage changes do not', () => {
    const { win, reload } = fakeTab();
    followSessionEndInOtherTabs(win);
    win.dispatchEvent(new StorageEvent('storage', { key: 'theme', oldValue: 'light', newValue: null }));
    win.dispatchEvent(new StorageEvent('storage', { key: 'session', oldValue: null, newValue: SESSION }));
    expect(reload).not.toHaveBeenCalled();
    win.dispatchEvent(new StorageEvent('storage', { key: 'session', oldValue: SESSION, newValue: null }));
    expect(document.documentElement.hasAttribute(EXITING_ATTRIBUTE)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('all storage cleared in another tab (clear data, account deleted) hides this one and reloads it', () => {
    const { win, reload } = fakeTab();
    followSessionEndInOtherTabs(win);
    win.dispatchEvent(new StorageEvent('storage', { key: null, oldValue: null, newValue: null }));
    expect(document.documentElement.hasAttribute(EXITING_ATTRIBUTE)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('an exit control leaves on the press, once; a keyboard click still leaves; other presses do nothing', () => {
    const leave = vi.fn(() => hideAppNow());
    const stop = installExitControls(window, leave);
    const button = document.createElement('button');
    const icon = document.createElement('span');
    button.append(icon);
    document.body.append(button);
    const press = (target: Element, init: PointerEventInit) =>
      target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, isPrimary: true, ...init }));
    try {
      press(icon, { button: 0 });
      expect(leave).not.toHaveBeenCalled();
      for (const [k, v] of Object.entries(exitControl(leave))) if (k.startsWith('data-')) button.setAttribute(k, String(v));
      press(icon, { button: 2 });
      press(icon, { button: 0, isPrimary: false });
      expect(leave).not.toHaveBeenCalled();
      press(icon, { button: 0 });
      expect(leave).toHaveBeenCalledTimes(1);
      exitControl(leave).onClick();
      expect(leave).toHaveBeenCalledTimes(1);

      document.documentElement.removeAttribute(EXITING_ATTRIBUTE);
      const keyboard = vi.fn();
      exitControl(keyboard).onClick();
      expect(keyboard).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      button.remove();
    }
  });
});
