import { useCallback, useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';

/** How long the press must last: long enough that no tap, click or scroll ever triggers it. */
export const LONG_PRESS_MS = 2000;

/**
 * Calls `onLongPress` when the element is held for `ms`: a finger or mouse button kept down on it, or Enter or
 * Space kept down while it has the focus. Letting go, moving off it or losing the focus before then does nothing.
 */
export function useLongPress(onLongPress: () => void, ms = LONG_PRESS_MS) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const callback = useRef(onLongPress);
  useEffect(() => {
    callback.current = onLongPress;
  }, [onLongPress]);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);
  const begin = useCallback(() => {
    cancel();
    timer.current = setTimeout(() => {
      timer.current = null;
      callback.current();
    }, ms);
  }, [cancel, ms]);
  useEffect(() => cancel, [cancel]);

  return {
    onPointerDown: (e: PointerEvent) => {
      if (e.button === 0) begin();
    },
    onPointerUp: cancel,
    onPointerLeave: cancel,
    onPointerCancel: cancel,
    onKeyDown: (e: KeyboardEvent) => {
      if ((e.key === 'Enter' || e.key === ' ') && !e.repeat) {
        e.preventDefault();
        begin();
      }
    },
    onKeyUp: cancel,
    onBlur: cancel,
    // A long touch opens the context menu or selects text on phones; neither may get in the way.
    onContextMenu: (e: { preventDefault(): void }) => e.preventDefault(),
  };
}
