import { englishText } from '../../lib/english-text';
import type { Translate } from '../../lib/i18n';
import { formatDate, formatTime, formatWeekday } from '../../lib/dates';

/** A disguise note. Kept on the device in plain localStorage: it is part of the disguise, not private. */
export type Note = { id: string; title: string; content: string; updatedAt: number };

const DAY = 24 * 60 * 60 * 1000;

/** The words a notes app uses, in the page language. */
export type NotesWords = { justNow: string; yesterday: string; lang: string };

const ENGLISH_WORDS: NotesWords = {
  justNow: englishText('notes.justNow'),
  yesterday: englishText('notes.yesterday'),
  lang: 'en',
};

/** Catalogue keys of the everyday notes that make the screen look lived-in, and when each was "written". */
export const SAMPLE_NOTES: readonly { titleKey: string; contentKey: string; daysAgo: number; hour: number }[] = [
  { titleKey: 'notes.sampleGroceriesTitle', contentKey: 'notes.sampleGroceries', daysAgo: 1, hour: 18 },
  { titleKey: 'notes.sampleWeekendTitle', contentKey: 'notes.sampleWeekend', daysAgo: 2, hour: 9 },
  { titleKey: 'notes.sampleBooksTitle', contentKey: 'notes.sampleBooks', daysAgo: 8, hour: 21 },
];

function newId(now: number): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
  return `${now.toString(36)}-${random}`;
}

/**
 * The sample notes for a device seen for the first time at `now`, in the page language (`t`). They are written
 * once per device, so the language of that first visit stays theirs: a later switch of language does not
 * rewrite notes that, to an onlooker, are hers.
 */
export function seedNotes(now: number = Date.now(), t: Translate = englishText): Note[] {
  return SAMPLE_NOTES.map((s) => {
    const d = new Date(now - s.daysAgo * DAY);
    d.setHours(s.hour, 17 + s.daysAgo * 7, 0, 0);
    return { id: newId(now), title: t(s.titleKey), content: t(s.contentKey), updatedAt: d.getTime() };
  });
}

/** A new note, or null when the title or the content is blank (silently ignored). */
export function makeNote(title: string, content: string, now: number = Date.now()): Note | null {
  const t = title.trim();
  const c = content.trim();
  if (!t || !c) return null;
  return { id: newId(now), title: t, content: c, updatedAt: now };
}

/** The note changed, moved to the top as notes apps do; null when blank (the note is left as it was). */
export function editNote(notes: Note[], id: string, title: string, content: string, now: number = Date.now()): Note[] | null {
  const t = title.trim();
  const c = content.trim();
  if (!t || !c) return null;
  const old = notes.find((n) => n.id === id);
  if (!old) return null;
  if (old.title === t && old.content === c) return notes;
  return [{ ...old, title: t, content: c, updatedAt: now }, ...notes.filter((n) => n.id !== id)];
}

/** Notes whose title or content holds every word typed, in any case. */
export function filterNotes(notes: Note[], query: string): Note[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return notes;
  return notes.filter((n) => {
    const text = `${n.title}\n${n.content}`.toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** 'Just now', a time today, 'Yesterday', a weekday this week, else a short date, as a notes app says it. */
export function noteDate(at: number, now: number = Date.now(), words: NotesWords = ENGLISH_WORDS): string {
  if (now - at < 60_000 && now >= at) return words.justNow;
  const d = new Date(at);
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  const t0 = startOfToday.getTime();
  if (at >= t0) return formatTime(d, words.lang);
  if (at >= t0 - DAY) return words.yesterday;
  if (at >= t0 - 6 * DAY) return formatWeekday(d, words.lang);
  return formatDate(d, words.lang);
}

/** Keeps only well-formed notes from whatever storage held. */
export function parseNotes(v: unknown): Note[] | null {
  if (!Array.isArray(v)) return null;
  return v.filter(
    (n): n is Note =>
      !!n &&
      typeof n === 'object' &&
      typeof n.id === 'string' &&
      typeof n.title === 'string' &&
      typeof n.content === 'string' &&
      typeof n.updatedAt === 'number',
  );
}
