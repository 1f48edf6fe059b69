/** A disguise note: kept in memory only, gone on reload. */
export type Note = { id: string; title: string; content: string; date: string };

/** Everyday notes so the screen looks lived-in. */
export const SAMPLE_NOTES: readonly Note[] = [
  {
    id: 'sample-1',
    title: 'Groceries',
    content: 'Milk, eggs, spinach, rice, tomatoes, bread, lemons, dish soap',
    date: 'Yesterday',
  },
  {
    id: 'sample-2',
    title: 'Weekend',
    content: 'Return library books. Call the plumber about the kitchen tap. Pick up dry cleaning before 5.',
    date: '2 days ago',
  },
  {
    id: 'sample-3',
    title: 'Books to read',
    content: 'The one about the lighthouse keeper, the cookbook from the fair, anything new by that mystery author.',
    date: 'Last week',
  },
];

let counter = 0;

/** A new note dated 'Just now', or null when the title or the content is blank (silently ignored). */
export function makeNote(title: string, content: string, now: number = Date.now()): Note | null {
  const t = title.trim();
  const c = content.trim();
  if (!t || !c) return null;
  counter += 1;
  return { id: `${now}-${counter}`, title: t, content: c, date: 'Just now' };
}
