import { describe, expect, it } from 'vitest';
import { AFFIRMATIONS } from './mood-affirmations';
import { MOOD_LABELS } from './mood-labels';
import {
  dailyAffirmation,
  localDateKey,
  moodAffirmation,
  moodInsights,
  replyCategories,
  saveMoodEntry,
  sortByDateDesc,
  validMoodEntries,
  type MoodEntry,
} from './mood-logic';
import type { MoodValue } from './mood-labels';

describe('mood content', () => {
  it('has the five labels and 12 affirmations, three per category', () => {
    expect(MOOD_LABELS).toEqual({ 1: 'Very Difficult', 2: 'Struggling', 3: 'Okay', 4: 'Good', 5: 'Strong' });
    expect(AFFIRMATIONS).toHaveLength(12);
    for (const c of ['strength', 'safety', 'healing', 'hope']) {
      expect(AFFIRMATIONS.filter((a) => a.category === c)).toHaveLength(3);
    }
  });
});

describe('saveMoodEntry', () => {
  it('adds an entry in the stored shape for a new date', () => {
    const out = saveMoodEntry([], { date: '2026-03-05', mood: 2, notes: ' tired ' }, 'a');
    expect(out).toEqual([{ id: 'a', date: '2026-03-05', mood: 2, notes: 'tired' }]);
  });

  it('replaces mood and notes for the same date, keeping its id', () => {
    const first = saveMoodEntry([], { date: '2026-03-05', mood: 2, notes: 'tired' }, 'a');
    const other = saveMoodEntry(first, { date: '2026-03-04', mood: 4, notes: '' }, 'b');
    const again = saveMoodEntry(other, { date: '2026-03-05', mood: 5, notes: 'better' }, 'c');
    expect(again).toHaveLength(2);
    expect(again.find((e) => e.date === '2026-03-05')).toEqual({
      id: 'a',
      date: '2026-03-05',
      mood: 5,
      notes: 'better',
    });
    expect(sortByDateDesc(again).map((e) => e.date)).toEqual(['2026-03-05', '2026-03-04']);
  });
});

describe('dates', () => {
  it('uses the local calendar date with zero padding', () => {
    expect(localDateKey(new Date(2026, 0, 7, 23, 59))).toBe('2026-01-07');
    expect(localDateKey(new Date(2026, 11, 31, 0, 1))).toBe('2026-12-31');
  });

  it('keeps the daily affirmation for the whole day and changes it the next day', () => {
    const morning = dailyAffirmation(new Date(2026, 4, 10, 0, 5));
    const night = dailyAffirmation(new Date(2026, 4, 10, 23, 55));
    const tomorrow = dailyAffirmation(new Date(2026, 4, 11, 9, 0));
    expect(night).toBe(morning);
    expect(tomorrow).not.toBe(morning);
  });
});

describe('reply after saving', () => {
  const cases: [MoodValue, string[]][] = [
    [1, ['safety', 'hope']],
    [2, ['safety', 'hope']],
    [3, ['strength', 'hope']],
    [4, ['healing', 'strength']],
    [5, ['healing', 'strength']],
  ];
  it.each(cases)('mood %i draws only from %j', (mood, categories) => {
    expect([...replyCategories(mood)].sort()).toEqual([...categories].sort());
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const a = moodAffirmation(mood, () => i / 6);
      expect(categories).toContain(a.category);
      seen.add(a.text);
    }
    expect(seen.size).toBe(6); // every affirmation of both categories can be reached
  });
});

describe('insights', () => {
  const entry = (day: number, mood: MoodValue): MoodEntry => ({
    id: String(day),
    date: `2026-03-${String(day).padStart(2, '0')}`,
    mood,
    notes: '',
  });

  it('appear only from five entries on', () => {
    const four = [entry(1, 3), entry(2, 3), entry(3, 3), entry(4, 3)];
    expect(moodInsights(four)).toBeNull();
    expect(moodInsights([...four, entry(5, 4)])).not.toBeNull();
  });

  it('give the average and the most frequent mood', () => {
    const result = moodInsights([entry(1, 1), entry(2, 2), entry(3, 2), entry(4, 4), entry(5, 5)]);
    expect(result?.average).toBe(2.8);
    expect(result?.mostFrequent).toBe(2);
    expect(result?.count).toBe(5);
  });

  it('name the most recent mood when several are equally frequent', () => {
    const result = moodInsights([entry(1, 5), entry(2, 1), entry(4, 3), entry(3, 4), entry(5, 2)]);
    expect(result?.mostFrequent).toBe(2);
  });
});

describe('validMoodEntries', () => {
  it('keeps only well-formed entries', () => {
    const ok = { id: '1', date: '2026-03-05', mood: 3, notes: '' };
    expect(validMoodEntries([ok, { ...ok, mood: 9 }, { ...ok, date: 'yesterday' }, 'x'])).toEqual([ok]);
  });
});
