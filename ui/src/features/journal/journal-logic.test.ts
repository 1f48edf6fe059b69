import { describe, expect, it } from 'vitest';
import { JOURNAL_PROMPTS } from './journal-prompts';
import { SUPPORTIVE_RESPONSES } from './supportive-responses';
import {
  appendUtterance,
  canSaveEntry,
  createJournalEntry,
  nextIndex,
  sortNewestFirst,
  validEntries,
} from './journal-logic';

describe('journal content', () => {
  it('has 16 distinct prompts and 21 distinct supportive responses', () => {
    expect(JOURNAL_PROMPTS).toHaveLength(16);
    expect(new Set(JOURNAL_PROMPTS).size).toBe(16);
    expect(SUPPORTIVE_RESPONSES).toHaveLength(21);
    expect(new Set(SUPPORTIVE_RESPONSES).size).toBe(21);
    for (const text of [...JOURNAL_PROMPTS, ...SUPPORTIVE_RESPONSES]) expect(text.trim()).not.toBe('');
  });
});

describe('journal rules', () => {
  it('only allows saving text that is not blank after trimming', () => {
    expect(canSaveEntry('')).toBe(false);
    expect(canSaveEntry('   \n\t ')).toBe(false);
    expect(canSaveEntry(' a ')).toBe(true);
  });

  it('creates an entry in the stored shape with one of the 21 responses', () => {
    const entry = createJournalEntry('  Today was long.  ', 1_700_000_000_000, () => 0.999);
    expect(entry).toEqual({
      id: '1700000000000',
      content: 'Today was long.',
      timestamp: 1_700_000_000_000,
      aiResponse: SUPPORTIVE_RESPONSES[20],
    });
    expect(Object.keys(entry).sort()).toEqual(['aiResponse', 'content', 'id', 'timestamp']);
  });

  it('orders entries newest first', () => {
    const a = createJournalEntry('first', 1000);
    const b = createJournalEntry('second', 3000);
    const c = createJournalEntry('third', 2000);
    expect(sortNewestFirst([a, b, c]).map((e) => e.content)).toEqual(['second', 'third', 'first']);
  });

  it('drops malformed stored entries', () => {
    const good = createJournalEntry('ok', 5);
    expect(validEntries([good, { id: 1 }, null, 'x'])).toEqual([good]);
    expect(validEntries({ not: 'an array' })).toEqual([]);
  });

  it('appends a dictated utterance on a new line', () => {
    expect(appendUtterance('', 'hello there')).toBe('hello there');
    expect(appendUtterance('Dear diary', ' I feel calm ')).toBe('Dear diary\nI feel calm');
    expect(appendUtterance('Line\n', 'next')).toBe('Line\nnext');
    expect(appendUtterance('Keep', '   ')).toBe('Keep');
  });

  it('never picks the same prompt twice in a row', () => {
    for (let current = 0; current < 16; current++) {
      for (const r of [0, 0.2, 0.5, 0.9999]) {
        const next = nextIndex(16, current, () => r);
        expect(next).not.toBe(current);
        expect(next).toBeGreaterThanOrEqual(0);
        expect(next).toBeLessThan(16);
      }
    }
  });
});
