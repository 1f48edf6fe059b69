import { MOOD_LABELS } from './mood-labels';
import { formatMoodDate, type MoodEntry } from './mood-logic';

export const EMPTY_MOOD_TEXT = 'No check-ins yet. Your saved moods will appear here.';

export function MoodHistory({ entries }: { entries: readonly MoodEntry[] }) {
  if (entries.length === 0) return <p className="empty-state">{EMPTY_MOOD_TEXT}</p>;
  return (
    <ul className="mood-history">
      {entries.map((e) => (
        <li key={e.id} className="card mood-history-item">
          <div className="mood-history-head">
            <time dateTime={e.date}>{formatMoodDate(e.date)}</time>
            <span className={`badge mood-badge mood-badge-${e.mood}`}>
              {e.mood} · {MOOD_LABELS[e.mood]}
            </span>
          </div>
          {e.notes && <p className="mood-history-notes">{e.notes}</p>}
        </li>
      ))}
    </ul>
  );
}
