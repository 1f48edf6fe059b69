import { REMIND_BEFORE_MS } from '../../lib/checkin-end';

/** "1:05:09" or "4:30": what is left of a check-in, rounded down to the second; never below zero. */
export function formatTimeLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** The reminder shows this long before the end (or from the start, for a check-in shorter than twice it). */
export const REMIND_MS = REMIND_BEFORE_MS;
