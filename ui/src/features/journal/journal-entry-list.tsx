import { formatEntryDate, type JournalEntry } from './journal-logic';

export const EMPTY_JOURNAL_TEXT =
  'Your journal entries will appear here. Start by writing your first entry above.';

/** Saved entries, already ordered newest first by the caller. */
export function JournalEntryList({ entries }: { entries: readonly JournalEntry[] }) {
  if (entries.length === 0) {
    return <p className="empty-state">{EMPTY_JOURNAL_TEXT}</p>;
  }
  return (
    <ol className="journal-entries">
      {entries.map((entry) => (
        <li key={entry.id} className="card journal-entry">
          <article aria-label={`Entry from ${formatEntryDate(entry.timestamp)}`}>
            <p className="journal-entry-date">
              <time dateTime={new Date(entry.timestamp).toISOString()}>
                {formatEntryDate(entry.timestamp)}
              </time>
            </p>
            <p className="journal-entry-content">{entry.content}</p>
            <div className="journal-response">
              <h3 className="journal-response-title">Supportive Response</h3>
              <p>{entry.aiResponse}</p>
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
