import { SUPPORTIVE_RESPONSES } from './supportive-responses';
import { formatDateTime } from '../../lib/dates';

/** Shape stored under the `journal-entries` key. */
export type JournalEntry = {
  id: string;
  content: string;
  timestamp: number;
  aiResponse: string;
};

/** A random index in [0, length), using `random` in [0, 1). */
export function randomIndex(length: number, random: () => number = Math.random): number {
  return Math.min(length - 1, Math.floor(random() * length));
}

/** Pick a random index different from `current` (when there is more than one choice). */
export function nextIndex(length: number, current: number, random: () => number = Math.random): number {
  if (length <= 1) return 0;
  const step = 1 + randomIndex(length - 1, random);
  return (current + step) % length;
}

export function canSaveEntry(text: string): boolean {
  return text.trim().length > 0;
}

export function createJournalEntry(
  text: string,
  now: number = Date.now(),
  random: () => number = Math.random,
  responses: readonly string[] = SUPPORTIVE_RESPONSES,
): JournalEntry {
  // The reply is stored in the language she wrote in, as the entry itself is.
  return {
    id: String(now),
    content: text.trim(),
    timestamp: now,
    aiResponse: responses[randomIndex(responses.length, random)],
  };
}

/** Entries ordered newest first. */
export function sortNewestFirst(entries: readonly JournalEntry[]): JournalEntry[] {
  return [...entries].sort((a, b) => b.timestamp - a.timestamp);
}

/** Keep only well-formed entries (data in local storage may be old or edited by hand). */
export function validEntries(value: unknown): JournalEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is JournalEntry =>
      typeof e === 'object' &&
      e !== null &&
      typeof e.id === 'string' &&
      typeof e.content === 'string' &&
      typeof e.timestamp === 'number' &&
      typeof e.aiResponse === 'string',
  );
}

/** The entry's date and time in the page language ("March 6, 2026 at 6:00 PM" in English). */
export function formatEntryDate(timestamp: number, lang: string = 'en'): string {
  return formatDateTime(timestamp, lang);
}

/** Append a dictated utterance on a new line. */
export function appendUtterance(text: string, utterance: string): string {
  const spoken = utterance.trim();
  if (!spoken) return text;
  if (!text) return spoken;
  return text.endsWith('\n') ? text + spoken : `${text}\n${spoken}`;
}
