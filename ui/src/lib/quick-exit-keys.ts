/**
 * Key counting for the keyboard quick exit, kept free of the DOM so it can be tested on its own.
 * Shift pressed on its own three times within 5 s leaves; so does Escape three times. A Shift that was used
 * with another key (a capital letter, Shift+Tab) does not count, and any other key starts the count again.
 * The third press leaves as it goes down (the earliest moment a key gives), so the page is gone within a frame.
 */

export const PRESSES_TO_EXIT = 3;
export const COUNT_WINDOW_MS = 5000;

export type ExitKey = 'Shift' | 'Escape';

export type KeyLike = {
  key: string;
  repeat?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
};

export type KeyCount = {
  /** The key being counted and when each press happened (ms). */
  key: ExitKey | null;
  presses: number[];
  /** Shift is down, and whether another key joined it before it came up. */
  shiftDown: boolean;
  shiftCombined: boolean;
};

/** A catalogue key and its values, said in the page's language by the keyboard listener; key '' clears. */
export type Announcement = { key: string; vars?: Record<string, string | number> };

export type KeyStep = {
  state: KeyCount;
  /** What to tell a screen reader now; null: nothing new to say. */
  announce: Announcement | null;
  exit: boolean;
};

export const START: KeyCount = { key: null, presses: [], shiftDown: false, shiftCombined: false };

function withModifier(e: KeyLike): boolean {
  return Boolean(e.ctrlKey || e.altKey || e.metaKey);
}

export function progressMessage(key: ExitKey, count: number): Announcement {
  const left = PRESSES_TO_EXIT - count;
  return { key: left === 1 ? 'layout.exitPressOnce' : 'layout.exitPressMore', vars: { key, left } };
}

function recentPresses(state: KeyCount, key: ExitKey, now: number): number[] {
  return state.key === key ? state.presses.filter((t) => now - t <= COUNT_WINDOW_MS && t <= now) : [];
}

function count(state: KeyCount, key: ExitKey, now: number): KeyStep {
  const presses = [...recentPresses(state, key, now), now];
  if (presses.length >= PRESSES_TO_EXIT) {
    return { state: { ...state, key: null, presses: [] }, announce: { key: 'layout.exitLeaving' }, exit: true };
  }
  return { state: { ...state, key, presses }, announce: progressMessage(key, presses.length), exit: false };
}

function reset(state: KeyCount): KeyStep {
  const wasCounting = state.presses.length > 0;
  return { state: { ...state, key: null, presses: [] }, announce: wasCounting ? { key: '' } : null, exit: false };
}

export function onKeyDown(state: KeyCount, e: KeyLike, now: number): KeyStep {
  if (e.key === 'Shift') {
    if (e.repeat) return { state, announce: null, exit: false };
    if (!withModifier(e) && state.key === 'Shift' && recentPresses(state, 'Shift', now).length === PRESSES_TO_EXIT - 1) {
      return count({ ...state, shiftDown: false, shiftCombined: false }, 'Shift', now);
    }
    // The first two are counted when they come up, once we know no other key was pressed with them.
    return { state: { ...state, shiftDown: true, shiftCombined: withModifier(e) }, announce: null, exit: false };
  }
  const next = state.shiftDown ? { ...state, shiftCombined: true } : state;
  if (e.key === 'Escape' && !withModifier(e) && !state.shiftDown) {
    if (e.repeat) return { state: next, announce: null, exit: false };
    return count(next, 'Escape', now);
  }
  return reset(next);
}

export function onKeyUp(state: KeyCount, e: KeyLike, now: number): KeyStep {
  if (e.key !== 'Shift') return { state, announce: null, exit: false };
  const released = { ...state, shiftDown: false, shiftCombined: false };
  if (!state.shiftDown || state.shiftCombined) return reset(released);
  return count(released, 'Shift', now);
}
