import { useId, useState } from 'react';
import { DisguiseTitle } from '../../lib/disguise-title';
import { ArrowLeftIcon } from '../../lib/icons';
import { usePanic } from '../../lib/panic';
import { AddNoteDialog } from './add-note-dialog';
import { makeNote, SAMPLE_NOTES, type Note } from './notes-model';
import './notes-page.css';

/** Notes disguise: a plain notes app. Notes live in memory only. */
export default function NotesPage() {
  const { quickExit } = usePanic();
  const [notes, setNotes] = useState<Note[]>(() => [...SAMPLE_NOTES]);
  const [adding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const searchId = useId();

  const save = (title: string, content: string) => {
    const note = makeNote(title, content);
    if (!note) return; // blank title or content: silently ignored
    setNotes((list) => [note, ...list]);
    setAdding(false);
  };

  return (
    <div className="qn">
      <header className="qn-header">
        <button type="button" className="qn-back" aria-label="Back" onClick={quickExit}>
          <ArrowLeftIcon size={24} />
        </button>
        <DisguiseTitle className="qn-title">Notes</DisguiseTitle>
        <button type="button" className="qn-btn qn-btn-primary qn-add" onClick={() => setAdding(true)}>
          <span aria-hidden="true">+</span> Add Note
        </button>
      </header>
      <main className="qn-main">
        <div className="qn-search" role="search">
          <label htmlFor={searchId} className="sr-only">
            Search notes
          </label>
          <input
            id={searchId}
            className="qn-input"
            type="search"
            placeholder="Search notes"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            autoComplete="off"
          />
        </div>
        <p className="qn-count">{notes.length === 1 ? '1 note' : `${notes.length} notes`}</p>
        {notes.length === 0 ? (
          <p className="qn-empty">No notes yet.</p>
        ) : (
          <ul className="qn-list">
            {notes.map((n) => (
              <li key={n.id} className="qn-note">
                <div className="qn-note-body">
                  <h2 className="qn-note-title">{n.title}</h2>
                  <p className="qn-note-content">{n.content}</p>
                  <p className="qn-note-date">{n.date}</p>
                </div>
                <button
                  type="button"
                  className="qn-delete"
                  aria-label={`Delete note ${n.title}`}
                  onClick={() => setNotes((list) => list.filter((x) => x.id !== n.id))}
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
      {adding ? <AddNoteDialog onSave={save} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
