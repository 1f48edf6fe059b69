import { describe, expect, it } from 'vitest';
import { SAFETY_CATEGORIES } from './safety-categories';
import { addItem, canSaveItem, removeItem, uniqueId, updateItem, validItems } from './safety-plan-logic';

describe('safety plan categories', () => {
  it('are the six categories in order, with their labels', () => {
    expect(SAFETY_CATEGORIES.map((c) => [c.id, c.label])).toEqual([
      ['warning-signs', 'Warning Signs'],
      ['safe-people', 'Safe People'],
      ['safe-places', 'Safe Places'],
      ['emergency-contacts', 'Emergency Contacts'],
      ['escape-plan', 'Escape Plan'],
      ['essential-items', 'Essential Items'],
    ]);
  });
});

describe('safety plan items', () => {
  it('adds trimmed items in the stored shape and ignores blank text', () => {
    expect(canSaveItem('  ')).toBe(false);
    const items = addItem([], 'safe-people', '  My sister  ', '7');
    expect(items).toEqual([{ id: '7', category: 'safe-people', content: 'My sister' }]);
    expect(addItem(items, 'safe-people', ' \n ', '8')).toEqual(items);
  });

  it('edits only the chosen item, refusing a blank edit', () => {
    const items = [
      { id: '1', category: 'safe-places' as const, content: 'Library' },
      { id: '2', category: 'safe-places' as const, content: 'Clinic' },
    ];
    expect(updateItem(items, '2', ' Health clinic ')).toEqual([
      items[0],
      { id: '2', category: 'safe-places', content: 'Health clinic' },
    ]);
    expect(updateItem(items, '2', '   ')).toEqual(items);
  });

  it('deletes by id', () => {
    const items = addItem(addItem([], 'escape-plan', 'a', '1'), 'escape-plan', 'b', '2');
    expect(removeItem(items, '1').map((i) => i.content)).toEqual(['b']);
  });

  it('makes ids unique even within the same millisecond', () => {
    const items = addItem([], 'escape-plan', 'a', '100');
    expect(uniqueId(items, 100)).toBe('101');
    expect(uniqueId(items, 200)).toBe('200');
  });

  it('drops stored items with an unknown category or wrong types', () => {
    const good = { id: '1', category: 'warning-signs', content: 'Shouting' };
    expect(validItems([good, { id: '2', category: 'other', content: 'x' }, { id: 3 }])).toEqual([good]);
  });
});
