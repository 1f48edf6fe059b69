import { beforeEach, describe, expect, it } from 'vitest';
import { editNote, filterNotes, makeNote, noteDate, seedNotes } from './notes-model';
import { loadNotes, NOTES_KEY } from './notes-store';

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();

describe('notes model', () => {
  beforeEach(() => localStorage.clear());

  it('sample notes are dated back from the first visit, with ids of their own per device', () => {
    const now = at(2030, 3, 10, 15);
    const a = seedNotes(now);
    expect(a.map((n) => noteDate(n.updatedAt, now))).toEqual(['Yesterday', 'Friday', 'March 2, 2030']);
    const b = seedNotes(now);
    expect(b.map((n) => n.id)).not.toEqual(a.map((n) => n.id));
  });

  it('the first visit writes the samples; later visits read what is kept, even nothing', () => {
    const first = loadNotes(at(2030, 3, 10));
    expect(first).toHaveLength(3);
    expect(JSON.parse(localStorage.getItem(NOTES_KEY)!)).toEqual(first);
    localStorage.setItem(NOTES_KEY, '[]');
    expect(loadNotes()).toEqual([]);
    localStorage.setItem(NOTES_KEY, '{not json');
    expect(loadNotes()).toHaveLength(3);
  });

  it('filters by every word typed, in title or content, any case', () => {
    const notes = seedNotes(at(2030, 3, 10));
    expect(filterNotes(notes, '  ').length).toBe(3);
    expect(filterNotes(notes, 'groc').map((n) => n.title)).toEqual(['Groceries']);
    expect(filterNotes(notes, 'LIBRARY tap').map((n) => n.title)).toEqual(['Weekend']);
    expect(filterNotes(notes, 'library eggs')).toEqual([]);
  });

  it('an edit moves the note to the top; a blank edit changes nothing', () => {
    const notes = seedNotes(at(2030, 3, 10));
    const id = notes[2].id;
    const edited = editNote(notes, id, 'Books', 'Lighthouse keeper', at(2030, 3, 10, 16))!;
    expect(edited.map((n) => n.title)).toEqual(['Books', 'Groceries', 'Weekend']);
    expect(edited[0].updatedAt).toBe(at(2030, 3, 10, 16));
    expect(editNote(notes, id, 'Books', '  ')).toBeNull();
    expect(makeNote(' ', 'x')).toBeNull();
  });

  it('dates read like a notes app', () => {
    const now = at(2030, 3, 10, 15, 30);
    expect(noteDate(now - 5_000, now)).toBe('Just now');
    expect(noteDate(at(2030, 3, 10, 9, 5), now)).toBe('9:05 AM');
    expect(noteDate(at(2030, 3, 9, 23), now)).toBe('Yesterday');
    expect(noteDate(at(2030, 3, 5), now)).toBe('Tuesday');
    expect(noteDate(at(2030, 2, 20), now)).toBe('February 20, 2030');
  });
});
