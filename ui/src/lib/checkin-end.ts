import { useSyncExternalStore } from 'react';

/**
 * When her running check-in ends, on this device's clock (null: none running), shared by the check-in screen
 * and the reminder in the app's frame (docs/checkin.md). Only in memory: nothing of a check-in is kept on the
 * device.
 */
let end: number | null = null;
const listeners = new Set<() => void>();

export function setCheckinEnd(value: number | null): void {
  if (value === end) return;
  end = value;
  for (const l of listeners) l();
}

export function useCheckinEnd(): number | null {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => end,
    () => null,
  );
}

/** The reminder shows this long before the end. */
export const REMIND_BEFORE_MS = 5 * 60_000;

/** Asks the server once whether a check-in runs (after a reload, or one started on another device). */
export async function loadCheckinEnd(token: string): Promise<void> {
  const res = await fetch('/api/checkin', {
    headers: { Authorization: `Bearer ${token}` },
    cache: 'no-store',
    credentials: 'omit',
  });
  if (!res.ok) return;
  const s = (await res.json()) as { now: number; checkin: { ends_at: number } | null };
  setCheckinEnd(s.checkin ? s.checkin.ends_at - (s.now - Date.now()) : null);
}
