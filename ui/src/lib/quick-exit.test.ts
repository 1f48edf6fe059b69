import { describe, expect, it, vi } from 'vitest';
import { pickQuickExitDestination, QUICK_EXIT_DESTINATIONS, quickExit } from './quick-exit';

describe('quick exit', () => {
  it('replaces the current history entry (so Back does not return) with a neutral site', () => {
    const loc = { replace: vi.fn(), assign: vi.fn() };
    quickExit(loc, () => 0.6);
    expect(loc.replace).toHaveBeenCalledTimes(1);
    expect(loc.replace).toHaveBeenCalledWith(QUICK_EXIT_DESTINATIONS[2]);
    expect(loc.assign).not.toHaveBeenCalled();
  });

  it('can pick each of the four destinations: search, archive, encyclopedia, webmail', () => {
    const picked = [0, 0.25, 0.5, 0.75, 0.9999].map((r) => pickQuickExitDestination(() => r));
    expect(new Set(picked)).toEqual(new Set(QUICK_EXIT_DESTINATIONS));
    expect(QUICK_EXIT_DESTINATIONS).toHaveLength(4);
  });

  it('leaves stored data alone', () => {
    localStorage.setItem('journal-entries', '[]');
    quickExit({ replace: vi.fn() }, () => 0);
    expect(localStorage.getItem('journal-entries')).toBe('[]');
  });
});
