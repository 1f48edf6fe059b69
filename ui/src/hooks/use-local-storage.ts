import { useCallback, useEffect, useRef, useState } from 'react';

/** Reads a JSON value; missing, unreadable or corrupt data gives `initial`. */
export function readLocalStorage<T>(key: string, initial: T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return initial;
    return JSON.parse(raw) as T;
  } catch {
    return initial;
  }
}

/** Writes a JSON value; a full or blocked storage is ignored (the in-memory value still updates). */
export function writeLocalStorage<T>(key: string, value: T): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage may be full or disabled (private mode); keep working in memory.
  }
}

/**
 * React state mirrored to localStorage as JSON under `key`.
 * Corrupt data is treated as absent (`initial`). The setter accepts a value or an updater.
 */
export function useLocalStorage<T>(
  key: string,
  initial: T,
): [T, (value: T | ((prev: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => readLocalStorage(key, initial));
  const keyRef = useRef(key);

  // Re-read when the key changes.
  useEffect(() => {
    if (keyRef.current !== key) {
      keyRef.current = key;
      setValue(readLocalStorage(key, initial));
    }
    // `initial` is intentionally not a dependency: callers often pass a fresh literal.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const set = useCallback(
    (next: T | ((prev: T) => T)) => {
      setValue((prev) => {
        const resolved = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
        writeLocalStorage(keyRef.current, resolved);
        return resolved;
      });
    },
    [],
  );

  return [value, set];
}
