import { describe, expect, it } from 'vitest';
import { parseCategories } from './use-categories';

describe("the operator's kinds of abuse", () => {
  it('are read from /api/config, in their order, with their labels', () => {
    const body = { incidents: { categories: [{ id: 'dowry' }, { id: 'acid_attack', label: { en: 'Acid attack' } }] } };
    expect(parseCategories(body)).toEqual([{ id: 'dowry' }, { id: 'acid_attack', label: { en: 'Acid attack' } }]);
  });

  it('fall back to the built-in list when none are configured or the answer is not readable', () => {
    expect(parseCategories({ incidents: { categories: [] } })).toBeNull();
    expect(parseCategories({})).toBeNull();
    expect(parseCategories(null)).toBeNull();
    expect(parseCategories({ incidents: { categories: [{ label: 'no id' }] } })).toBeNull();
  });
});
