import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ACTIVITY_WRITE_MS,
  INACTIVITY_LIMIT_MS,
  LAST_ACTIVITY_KEY,
  isIdleTooLong,
  readLastActivity,
  startInactivityMonitor,
  writeLastActivity,
  type InactivityMonitor,
} from './inactivity';

describe('inactivity monitor', () => {
  let monitor: InactivityMonitor | null = null;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    monitor?.stop();
    monitor = null;
    vi.useRealTimers();
  });

  it('signs out at the first 30 s check after more than 2 minutes without activity', () => {
    const onTimeout = vi.fn();
    monitor = startInactivityMonitor({ onTimeout, isActive: () => true });
    vi.advanceTimersByTime(120_000); // exactly 2 minutes: not yet "more than"
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it.each(['mousemove', 'keydown', 'click', 'scroll'])('a %s resets the timer', (type) => {
    const onTimeout = vi.fn();
    monitor = startInactivityMonitor({ onTimeout, isActive: () => true });
    vi.advanceTimersByTime(90_000);
    window.dispatchEvent(new Event(type));
    vi.advanceTimersByTime(90_000); // 180 s since start, 90 s since activity
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60_000); // 150 s since activity
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('activity that is to be ignored (a disguise shows) does not postpone the timeout', () => {
    const onTimeout = vi.fn();
    let disguised = true;
    monitor = startInactivityMonitor({ onTimeout, isActive: () => true, ignoreActivity: () => disguised });
    for (let t = 0; t < 150_000; t += 10_000) {
      vi.advanceTimersByTime(10_000);
      window.dispatchEvent(new Event('click'));
      window.dispatchEvent(new Event('keydown'));
    }
    expect(onTimeout).toHaveBeenCalledTimes(1);
    disguised = false;
    window.dispatchEvent(new Event('click'));
    vi.advanceTimersByTime(90_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('an auth event (reset) restarts the idle period', () => {
    const onTimeout = vi.fn();
    monitor = startInactivityMonitor({ onTimeout, isActive: () => true });
    vi.advanceTimersByTime(110_000);
    monitor.reset();
    vi.advanceTimersByTime(100_000);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('does nothing while signed out', () => {
    const onTimeout = vi.fn();
    monitor = startInactivityMonitor({ onTimeout, isActive: () => false });
    vi.advanceTimersByTime(10 * 60_000);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('stops checking once stopped', () => {
    const onTimeout = vi.fn();
    monitor = startInactivityMonitor({ onTimeout, isActive: () => true });
    monitor.stop();
    vi.advanceTimersByTime(10 * 60_000);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});

describe('inactivity shared across reloads and tabs', () => {
  let monitor: InactivityMonitor | null = null;
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    monitor?.stop();
    monitor = null;
    vi.useRealTimers();
  });

  it('stores the last activity at most every few seconds, and at once on an auth event', () => {
    monitor = startInactivityMonitor({ onTimeout: vi.fn(), isActive: () => true });
    const t0 = Date.now();
    window.dispatchEvent(new Event('mousemove'));
    expect(readLastActivity()).toBe(t0);
    vi.advanceTimersByTime(1_000);
    window.dispatchEvent(new Event('mousemove'));
    expect(readLastActivity()).toBe(t0); // throttled
    vi.advanceTimersByTime(ACTIVITY_WRITE_MS);
    window.dispatchEvent(new Event('keydown'));
    expect(readLastActivity()).toBe(t0 + 1_000 + ACTIVITY_WRITE_MS);
    vi.advanceTimersByTime(1_000);
    monitor.reset();
    expect(readLastActivity()).toBe(t0 + 2_000 + ACTIVITY_WRITE_MS);
  });

  it('a page loaded after a stale last activity times out at its first check, not 2 minutes later', () => {
    writeLastActivity(Date.now() - 5 * 60_000);
    const onTimeout = vi.fn();
    monitor = startInactivityMonitor({ onTimeout, isActive: () => true });
    vi.advanceTimersByTime(30_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('activity in another tab (the stored time) keeps this tab signed in', () => {
    const onTimeout = vi.fn();
    monitor = startInactivityMonitor({ onTimeout, isActive: () => true });
    vi.advanceTimersByTime(100_000);
    writeLastActivity(Date.now()); // the other tab
    vi.advanceTimersByTime(100_000); // 200 s since this tab's start, 100 s since the other tab's activity
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(40_000); // the check at 240 s: 140 s since the other tab's activity
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('checks at once when a hidden tab is shown again', () => {
    const onTimeout = vi.fn();
    monitor = startInactivityMonitor({ onTimeout, isActive: () => true, checkMs: 10 * 60_000 });
    vi.advanceTimersByTime(3 * 60_000);
    expect(onTimeout).not.toHaveBeenCalled();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('a missing or unreadable time counts as stale', () => {
    expect(isIdleTooLong(null, 1_000)).toBe(true);
    localStorage.setItem(LAST_ACTIVITY_KEY, 'garbage');
    expect(readLastActivity()).toBeNull();
    expect(isIdleTooLong(1_000, 1_000 + INACTIVITY_LIMIT_MS)).toBe(false);
    expect(isIdleTooLong(1_000, 1_001 + INACTIVITY_LIMIT_MS)).toBe(true);
  });
});

describe('what the shared time never does', () => {
  let monitor: InactivityMonitor | null = null;
  afterEach(() => {
    monitor?.stop();
    monitor = null;
  });

  it('is not written for a signed-out visitor, nor brought back after Clear All Data', () => {
    let signedIn = false;
    let t = 1_000_000;
    monitor = startInactivityMonitor({ onTimeout: vi.fn(), isActive: () => signedIn, now: () => t });
    window.dispatchEvent(new Event('mousemove'));
    expect(readLastActivity()).toBeNull();

    signedIn = true;
    monitor.reset();
    expect(readLastActivity()).toBe(t);
    t += 1_000;
    window.dispatchEvent(new Event('mousemove')); // kept in memory (throttled) until the page hides
    window.dispatchEvent(new Event('pagehide'));
    expect(readLastActivity()).toBe(t);

    t += 1_000;
    window.dispatchEvent(new Event('mousemove'));
    localStorage.clear(); // Clear All Data, then the page reloads
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.length).toBe(0);
  });
});
