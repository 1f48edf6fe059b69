import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useVaultState } from '../../lib/vault';

/** How long typing may pause before the draft is saved (encrypted) again. */
const SAVE_AFTER_MS = 400;

/**
 * The journal's text box, kept as an encrypted draft in the vault while she types, so an idle sign-out,
 * a reload or a quick exit does not lose it; offered back at her next visit.
 */
export function useJournalDraft() {
  const [draft, setDraft] = useVaultState<string>(STORAGE_KEYS.journalDraft, '');
  const [text, setTextState] = useState(draft);
  const [restored, setRestored] = useState(() => draft.trim() !== '');
  const latest = useRef({ text: draft, saved: draft });

  const save = useCallback(() => {
    const { text: now, saved } = latest.current;
    if (now === saved) return;
    latest.current.saved = now;
    setDraft(now);
  }, [setDraft]);

  useEffect(() => {
    if (text === latest.current.saved) return;
    const timer = window.setTimeout(save, SAVE_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [text, save]);

  // Leaving the page (or being signed out) saves what was typed since the last pause.
  useEffect(() => save, [save]);

  const setText = useCallback((next: string | ((prev: string) => string)) => {
    setTextState((prev) => {
      const value = typeof next === 'function' ? next(prev) : next;
      latest.current.text = value;
      return value;
    });
  }, []);

  /** Empties the box and the stored draft at once (after saving the entry, or on Discard). */
  const clear = useCallback(() => {
    latest.current = { text: '', saved: '' };
    setTextState('');
    setRestored(false);
    setDraft('');
  }, [setDraft]);

  return { text, setText, restored, clear };
}
