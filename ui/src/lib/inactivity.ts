/** Sign-out after this long without user activity (docs/product.md, "Safety behaviour"). */
export const INACTIVITY_LIMIT_MS = 2 * 60 * 1000;
/** How often the inactivity check runs. */
export const INACTIVITY_CHECK_MS = 30 * 1000;
/** What counts as activity. */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;
/**
 * The time of the last activity, shared by every tab and kept across reloads and restarts: the idle limit counts
 * from the last thing she did in any tab, not from when this page loaded.
 */
export const LAST_ACTIVITY_KEY = 'last-activity';
/** Mouse moves come in bursts: the shared time is written at most this often (the limit is minutes). */
export const ACTIVITY_WRITE_MS = 5 * 1000;

type ActivityStore = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStore(): ActivityStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored time of the last activity, or null when none is kept (or it is unreadable). */
export function readLastActivity(store: ActivityStore | null = defaultStore()): number | null {
  try {
    const raw = store?.getItem(LAST_ACTIVITY_KEY);
    const t = raw == null ? NaN : Number(raw);
    return Number.isFinite(t) ? t : null;
  } catch {
    return null;
  }
}

export function writeLastActivity(t: number, store: ActivityStore | null = defaultStore()): void {
  try {
    store?.setItem(LAST_ACTIVITY_KEY, String(Math.round(t)));
  } catch {
    // storage full or blocked: this tab still counts from its own memory
  }
}

/** A missing time counts as stale: with a stored session and no proof of recent use, lock. */
export function isIdleTooLong(last: number | null, now: number, limit = INACTIVITY_LIMIT_MS): boolean {
  return last === null || now - last > limit;
}

export type InactivityOptions = {
  /** Called (once per idle period) when the limit is exceeded while `isActive()` is true. */
  onTimeout: () => void;
  /** Whether the check applies now (the user is signed in). */
  isActive: () => boolean;
  /** Whether activity now is not hers in the app (a disguise shows): it then postpones nothing. */
  ignoreActivity?: () => boolean;
  limitMs?: number;
  checkMs?: number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Where page visibility is read (checks run at once when a hidden tab comes back). */
  doc?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  store?: ActivityStore | null;
  now?: () => number;
};

export type InactivityMonitor = {
  /** Marks "activity now" and shares it at once (used when an auth event happens). */
  reset(): void;
  /** Runs the check now. */
  check(): void;
  /** Removes listeners and the interval. */
  stop(): void;
};

/**
 * Every `checkMs`, and whenever the tab is shown again, checks whether more than `limitMs` passed since the last
 * mouse move, key press, click or scroll in any tab (or reset); if so and `isActive()`, calls `onTimeout`.
 */
export function startInactivityMonitor(opts: InactivityOptions): InactivityMonitor {
  const limit = opts.limitMs ?? INACTIVITY_LIMIT_MS;
  const every = opts.checkMs ?? INACTIVITY_CHECK_MS;
  const target = opts.target ?? window;
  const doc = opts.doc ?? document;
  const store = opts.store === undefined ? defaultStore() : opts.store;
  const now = opts.now ?? Date.now;
  // This tab's own last activity; the shared one may be newer (another tab) or a little older (throttling).
  let last = readLastActivity(store) ?? now();
  let written = 0;
  let timedOutAt = -Infinity;

  const share = () => {
    written = last;
    writeLastActivity(last, store);
  };
  // Only a signed-in tab shares its activity: nothing is written for a visitor, nor after Clear All Data.
  const onActivity = () => {
    if (opts.ignoreActivity?.()) return;
    last = now();
    if (opts.isActive() && last - written >= ACTIVITY_WRITE_MS) share();
  };
  // The last moments before the tab hides or unloads, unless the time was removed meanwhile (Clear All Data).
  const flush = () => {
    if (opts.isActive() && last > written && readLastActivity(store) !== null) share();
  };
  const reset = () => {
    last = now();
    share();
  };
  const check = () => {
    if (!opts.isActive()) return;
    const shared = readLastActivity(store) ?? -Infinity;
    const latest = Math.max(last, shared, timedOutAt);
    if (now() - latest > limit) {
      timedOutAt = now();
      opts.onTimeout();
    }
  };
  // A hidden tab's timers are slowed down; when it is shown again, nothing of the app may show past the limit.
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') check();
    else flush();
  };

  for (const ev of ACTIVITY_EVENTS) target.addEventListener(ev, onActivity, { passive: true, capture: true });
  target.addEventListener('pageshow', check);
  target.addEventListener('focus', check);
  target.addEventListener('pagehide', flush);
  doc.addEventListener('visibilitychange', onVisibility);
  const timer = setInterval(check, every);

  return {
    reset,
    check,
    stop() {
      clearInterval(timer);
      for (const ev of ACTIVITY_EVENTS) target.removeEventListener(ev, onActivity, { capture: true });
      target.removeEventListener('pageshow', check);
      target.removeEventListener('focus', check);
      target.removeEventListener('pagehide', flush);
      doc.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
