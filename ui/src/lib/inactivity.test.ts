import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startInactivityMonitor, type InactivityMonitor } from './inactivity';

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
