import { AFFIRMATIONS, type Affirmation, type AffirmationCategory } from './mood-affirmations';
import { isMoodValue, type MoodValue } from './mood-labels';
import { formatDate } from '../../lib/dates';

/** Shape stored under the `mood-entries` key. */
export type MoodEntry = {
  id: string;
  date: string; // YYYY-MM-DD, local date
  mood: MoodValue;
  notes: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar date as YYYY-MM-DD. */
export function localDateKey(date: Date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Save a check-in: an entry for the same date has its mood and notes replaced,
 * otherwise a new entry is added.
 */
export function saveMoodEntry(
  entries: readonly MoodEntry[],
  input: { date: string; mood: MoodValue; notes: string },
  id: string = String(Date.now()),
): MoodEntry[] {
  const notes = input.notes.trim();
  const existing = entries.find((e) => e.date === input.date);
  if (existing) {
    return entries.map((e) => (e.date === input.date ? { ...e, mood: input.mood, notes } : e));
  }
  return [...entries, { id, date: input.date, mood: input.mood, notes }];
}

/** Newest date first. */
export function sortByDateDesc(entries: readonly MoodEntry[]): MoodEntry[] {
  return [...entries].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** The categories an affirmation is drawn from after saving a mood. */
export function replyCategories(mood: MoodValue): readonly AffirmationCategory[] {
  if (mood <= 2) return ['safety', 'hope'];
  if (mood === 3) return ['strength', 'hope'];
  return ['healing', 'strength'];
}

export function moodAffirmation(
  mood: MoodValue,
  random: () => number = Math.random,
  list: readonly Affirmation[] = AFFIRMATIONS,
): Affirmation {
  const categories = replyCategories(mood);
  const pool = list.filter((a) => categories.includes(a.category));
  return pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))];
}

/** The same affirmation all day long; it changes with the local date. */
export function dailyAffirmation(
  date: Date = new Date(),
  list: readonly Affirmation[] = AFFIRMATIONS,
): Affirmation {
  const dayNumber = Math.floor(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / 86_400_000);
  return list[((dayNumber % list.length) + list.length) % list.length];
}

export const INSIGHTS_MIN_ENTRIES = 5;

export type MoodInsights = {
  count: number;
  average: number; // rounded to one decimal
  mostFrequent: MoodValue;
  /** Catalogue key of the kind words that go with the average. */
  messageKey: string;
};

export function moodInsights(entries: readonly MoodEntry[]): MoodInsights | null {
  if (entries.length < INSIGHTS_MIN_ENTRIES) return null;
  const total = entries.reduce((sum, e) => sum + e.mood, 0);
  const average = Math.round((total / entries.length) * 10) / 10;
  const counts = new Map<MoodValue, number>();
  for (const e of entries) counts.set(e.mood, (counts.get(e.mood) ?? 0) + 1);
  const highest = Math.max(...counts.values());
  // On a tie, the mood felt most recently is named.
  const mostFrequent = sortByDateDesc(entries).find((e) => counts.get(e.mood) === highest)!.mood;
  const messageKey =
    average < 2.5 ? 'mood.insightHeavy' : average < 3.5 ? 'mood.insightMixed' : 'mood.insightSteady';
  return { count: entries.length, average, mostFrequent, messageKey };
}

export function validMoodEntries(value: unknown): MoodEntry[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is MoodEntry =>
      typeof e === 'object' &&
      e !== null &&
      typeof e.id === 'string' &&
      typeof e.date === 'string' &&
      /^\d{4}-\d{2}-\d{2}$/.test(e.date) &&
      isMoodValue(e.mood) &&
      typeof e.notes === 'string',
  );
}

/** Show a stored YYYY-MM-DD date in the page language's long form, e.g. "March 5, 2026" in English. */
export function formatMoodDate(date: string, lang: string = 'en'): string {
  return formatDate(date, lang);
}
