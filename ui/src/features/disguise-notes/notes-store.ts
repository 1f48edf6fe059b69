import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { readLocalStorage, writeLocalStorage } from '../../hooks/use-local-storage';
import { useT, type Translate } from '../../lib/i18n';
import { englishText } from '../../lib/english-text';
import { parseNotes, seedNotes, type Note } from './notes-model';

/** Plain localStorage on purpose: these notes are a disguise, and Settings says they are not private. */
export const NOTES_KEY = STORAGE_KEYS.quickNotes;

/** The device's notes; the first visit writes the sample notes, dated from today, in the page language. */
export function loadNotes(now: number = Date.now(), t: Translate = englishText): Note[] {
  const kept = parseNotes(readLocalStorage<unknown>(NOTES_KEY, null));
  if (kept) return kept;
  const seeded = seedNotes(now, t);
  writeLocalStorage(NOTES_KEY, seeded);
  return seeded;
}

/** Notes state that is written to the device on every change. */
export function useNotes(): [Note[], (update: (notes: Note[]) => Note[]) => void] {
  const t = useT();
  const [notes, setNotes] = useState<Note[]>(() => loadNotes(Date.now(), t));
  const update = useCallback((fn: (notes: Note[]) => Note[]) => {
    setNotes((prev) => {
      const next = fn(prev);
      writeLocalStorage(NOTES_KEY, next);
      return next;
    });
  }, []);
  return [notes, update];
}
