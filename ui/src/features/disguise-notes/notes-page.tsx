import { useId, useState } from 'react';
import { DisguiseTitle } from '../../components/disguise-title';
import { useLanguage, useT } from '../../lib/i18n';
import { ArrowLeftIcon } from '../../components/icons';
import { usePanic } from '../../providers/panic';
import { exitControl } from '../../lib/quick-exit';
import { ConfirmDelete, NoteDialog } from './note-dialog';
import { editNote, filterNotes, makeNote, noteDate, type Note } from './notes-model';
import { useNotes } from './notes-store';
import './notes-page.css';

type Open = { kind: 'new' } | { kind: 'edit'; note: Note } | { kind: 'delete'; note: Note } | null;

/** Notes disguise: a plain notes app whose notes stay on the device. */
export default function NotesPage() {
  const t = useT();
  const { lang } = useLanguage();
  const { quickExit } = usePanic();
  const [notes, update] = useNotes();
  const [open, setOpen] = useState<Open>(null);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const shown = filterNotes(notes, search);
  const now = Date.now();
  const words = { justNow: t('notes.justNow'), yesterday: t('notes.yesterday'), lang };
  const count = new Intl.PluralRules(lang).select(shown.length) === 'one' ? 'notes.countOne' : 'notes.countOther';

  const add = (title: string, content: string) => {
    const note = makeNote(title, content);
    if (!note) return; // blank title or content: silently ignored
    update((list) => [note, ...list]);
    setOpen(null);
  };

  const save = (id: string) => (title: string, content: string) => {
    const next = editNote(notes, id, title, content);
    if (!next) return; // blank: nothing changes, the dialog stays open
    update(() => next);
    setOpen(null);
  };

  const remove = (id: string) => {
    update((list) => list.filter((n) => n.id !== id));
    setOpen(null);
  };

  return (
    <div className="qn">
      <header className="qn-header">
        <button type="button" className="qn-back" aria-label={t('notes.back')} {...exitControl(quickExit)}>
          <ArrowLeftIcon size={24} />
        </button>
        <DisguiseTitle className="qn-title">{t('notes.title')}</DisguiseTitle>
        <button type="button" className="qn-btn qn-btn-primary qn-add" onClick={() => setOpen({ kind: 'new' })}>
          <span aria-hidden="true">+</span> {t('notes.addNote')}
        </button>
      </header>
      <main className="qn-main">
        <div className="qn-search" role="search">
          <label htmlFor={searchId} className="sr-only">
            {t('notes.search')}
          </label>
          <input
            id={searchId}
            className="qn-input"
            type="search"
            placeholder={t('notes.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </div>
        <p className="qn-count" aria-live="polite">
          {t(count, { count: shown.length })}
        </p>
        {notes.length === 0 ? (
          <p className="qn-empty">{t('notes.empty')}</p>
        ) : shown.length === 0 ? (
          <p className="qn-empty">{t('notes.noMatch')}</p>
        ) : (
          <ul className="qn-list">
            {shown.map((n) => (
              <li key={n.id} className="qn-note">
                <div className="qn-note-body">
                  <h2 className="qn-note-title">
                    <button type="button" className="qn-open" onClick={() => setOpen({ kind: 'edit', note: n })}>
                      {n.title}
                    </button>
                  </h2>
                  <p className="qn-note-content">{n.content}</p>
                  <p className="qn-note-date">{noteDate(n.updatedAt, now, words)}</p>
                </div>
                <button
                  type="button"
                  className="qn-delete"
                  aria-label={t('notes.deleteNamed', { title: n.title })}
                  onClick={() => setOpen({ kind: 'delete', note: n })}
                >
                  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path
                      d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
      </main>
      {open?.kind === 'new' ? <NoteDialog heading={t('notes.newNote')} onSave={add} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'edit' ? (
        <NoteDialog
          heading={t('notes.editNote')}
          initial={open.note}
          onSave={save(open.note.id)}
          onClose={() => setOpen(null)}
          onDelete={() => setOpen({ kind: 'delete', note: open.note })}
        />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDelete title={open.note.title} onConfirm={() => remove(open.note.id)} onClose={() => setOpen(null)} />
      ) : null}
    </div>
  );
}
