import { ShareWithAdvocate } from '../../components/advocates';
import { useLanguage, useT } from '../../lib/i18n';
import { formatEntryDate, type JournalEntry } from './journal-logic';

/** Saved entries, already ordered newest first by the caller. */
export function JournalEntryList({ entries }: { entries: readonly JournalEntry[] }) {
  const t = useT();
  const { lang } = useLanguage();
  if (entries.length === 0) {
    return <p className="empty-state">{t('journal.entriesEmpty')}</p>;
  }
  return (
    <ol className="journal-entries">
      {entries.map((entry) => (
        <li key={entry.id} className="card journal-entry">
          <article aria-label={t('journal.entryFrom', { date: formatEntryDate(entry.timestamp, lang) })}>
            <p className="journal-entry-date">
              <time dateTime={new Date(entry.timestamp).toISOString()}>
                {formatEntryDate(entry.timestamp, lang)}
              </time>
            </p>
            <p className="journal-entry-content">{entry.content}</p>
            <div className="journal-response">
              <h3 className="journal-response-title">{t('journal.supportiveResponse')}</h3>
              <p>{entry.aiResponse}</p>
            </div>
            <ShareWithAdvocate
              what={t('journal.shareWhat', { date: formatEntryDate(entry.timestamp, lang) })}
              build={async () => ({
                kind: 'journal',
                title: t('journal.shareWhat', { date: formatEntryDate(entry.timestamp, lang) }),
                written_at: new Date(entry.timestamp).toISOString(),
                text: entry.content,
              })}
            />
          </article>
        </li>
      ))}
    </ol>
  );
}
