import { useLanguage, useT } from '../../lib/i18n';
import { MOOD_LABEL_KEYS } from './mood-labels';
import { formatMoodDate, type MoodEntry } from './mood-logic';

export function MoodHistory({ entries }: { entries: readonly MoodEntry[] }) {
  const t = useT();
  const { lang } = useLanguage();
  if (entries.length === 0) return <p className="empty-state">{t('mood.historyEmpty')}</p>;
  return (
    <ul className="mood-history">
      {entries.map((e) => (
        <li key={e.id} className="card mood-history-item">
          <div className="mood-history-head">
            <time dateTime={e.date}>{formatMoodDate(e.date, lang)}</time>
            <span className={`badge mood-badge mood-badge-${e.mood}`}>
              {e.mood} · {t(MOOD_LABEL_KEYS[e.mood])}
            </span>
          </div>
          {e.notes && <p className="mood-history-notes">{e.notes}</p>}
        </li>
      ))}
    </ul>
  );
}
