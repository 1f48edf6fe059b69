/** Sign-out after this long without user activity (docs/product.md, "Safety behaviour"). */
export const INACTIVITY_LIMIT_MS = 2 * 60 * 1000;
/** How often the inactivity check runs. */
export const INACTIVITY_CHECK_MS = 30 * 1000;
/** What counts as activity. */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

export type InactivityOptions = {
  /** Called (once per idle period) when the limit is exceeded while `isActive()` is true. */
  onTimeout: () => void;
  /** Whether the check applies now (the user is signed in). */
  isActive: () => boolean;
  limitMs?: number;
  checkMs?: number;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  now?: () => number;
};

export type InactivityMonitor = {
  /** Marks "activity now" (also used when an auth event happens). */
  reset(): void;
  /** Removes listeners and the interval. */
  stop(): void;
};

/**
 * Every `checkMs` checks whether more than `limitMs` passed since the last mouse move, key press, click
 * or scroll (or reset); if so and `isActive()`, calls `onTimeout`.
 */
export function startInactivityMonitor(opts: InactivityOptions): InactivityMonitor {
  const limit = opts.limitMs ?? INACTIVITY_LIMIT_MS;
  const every = opts.checkMs ?? INACTIVITY_CHECK_MS;
  const target = opts.target ?? window;
  const now = opts.now ?? Date.now;
  let last = now();

  const reset = () => {
    last = now();
  };
  for (const ev of ACTIVITY_EVENTS) target.addEventListener(ev, reset, { passive: true, capture: true });

  const timer = setInterval(() => {
    if (opts.isActive() && now() - last > limit) {
      last = now();
      opts.onTimeout();
    }
  }, every);

  return {
    reset,
    stop() {
      clearInterval(timer);
      for (const ev of ACTIVITY_EVENTS) target.removeEventListener(ev, reset, { capture: true });
    },
  };
}
