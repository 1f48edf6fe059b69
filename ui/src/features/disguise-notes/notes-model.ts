/** A disguise note. Kept on the device in plain localStorage: it is part of the disguise, not private. */
export type Note = { id: string; title: string; content: string; updatedAt: number };

const DAY = 24 * 60 * 60 * 1000;

/** Everyday notes so the screen looks lived-in; written once per device, dated back from its first visit. */
const SAMPLES: readonly { title: string; content: string; daysAgo: number; hour: number }[] = [
  {
    title: 'Groceries',
    content: 'Milk, eggs, spinach, rice, tomatoes, bread, lemons, dish soap',
    daysAgo: 1,
    hour: 18,
  },
  {
    title: 'Weekend',
    content: 'Return library books. Call the plumber about the kitchen tap. Pick up dry cleaning before 5.',
    daysAgo: 2,
    hour: 9,
  },
  {
    title: 'Books to read',
    content: 'The one about the lighthouse keeper, the cookbook from the fair, anything new by that mystery author.',
    daysAgo: 8,
    hour: 21,
  },
];

function newId(now: number): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : Math.random().toString(36).slice(2);
  return `${now.toString(36)}-${random}`;
}

/** The sample notes for a device seen for the first time at `now`. */
export function seedNotes(now: number = Date.now()): Note[] {
  return SAMPLES.map((s) => {
    const d = new Date(now - s.daysAgo * DAY);
    d.setHours(s.hour, 17 + s.daysAgo * 7, 0, 0);
    return { id: newId(now), title: s.title, content: s.content, updatedAt: d.getTime() };
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
export function noteDate(at: number, now: number = Date.now()): string {
  if (now - at < 60_000 && now >= at) return 'Just now';
  const d = new Date(at);
  const startOfToday = new Date(now);
  startOfToday.setHours(0, 0, 0, 0);
  const t0 = startOfToday.getTime();
  if (at >= t0) return d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (at >= t0 - DAY) return 'Yesterday';
  if (at >= t0 - 6 * DAY) return d.toLocaleDateString('en-US', { weekday: 'long' });
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
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
