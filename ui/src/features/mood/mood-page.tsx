import { useId, useMemo, useState, type FormEvent } from 'react';
import { useCopyState, useVaultState } from '../../lib/vault';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useT } from '../../lib/i18n';
import { MoodButtons } from './mood-buttons';
import type { MoodValue } from './mood-labels';
import {
  dailyAffirmation,
  localDateKey,
  moodAffirmation,
  saveMoodEntry,
  sortByDateDesc,
  validMoodEntries,
  type MoodEntry,
} from './mood-logic';
import { useAffirmations, type Affirmation } from './mood-affirmations';
import { MoodHistory } from './mood-history';
import { MoodInsightsBox } from './mood-insights-box';
import { MoodChart } from './mood-chart';
import { useMoodPrintSheet } from './use-print-sheet';
import './mood.css';

export default function MoodPage() {
  const copy = useCopyState();
  const t = useT();
  const affirmations = useAffirmations();
  const [stored, setStored] = useVaultState<MoodEntry[]>(STORAGE_KEYS.mood, []);
  const entries = useMemo(() => validMoodEntries(stored), [stored]);
  const history = useMemo(() => sortByDateDesc(entries), [entries]);
  const [selected, setSelected] = useState<MoodValue | null>(null);
  const [notes, setNotes] = useState('');
  const [reply, setReply] = useState<Affirmation | null>(null);
  const [today] = useState(() => new Date());
  const daily = dailyAffirmation(today, affirmations);
  const notesId = useId();
  useMoodPrintSheet();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (selected === null) return;
    const date = localDateKey(new Date());
    setStored((prev) => saveMoodEntry(validMoodEntries(prev), { date, mood: selected, notes }));
    setReply(moodAffirmation(selected, Math.random, affirmations));
    setSelected(null);
    setNotes('');
  };

  const reset = () => {
    setSelected(null);
    setNotes('');
  };

  return (
    <div className="page mood-page">
      <h1 className="page-title">{t('mood.title')}</h1>
      <p className="page-subtitle">{t('mood.subtitle')}</p>

      <section className="card mood-daily" aria-labelledby="mood-daily-heading">
        <h2 id="mood-daily-heading">{t('mood.todaysAffirmation')}</h2>
        <blockquote className="mood-affirmation">
          <p>{daily.text}</p>
        </blockquote>
      </section>

      <section className="card mood-checkin" aria-labelledby="mood-checkin-heading">
        <h2 id="mood-checkin-heading">{t('mood.howAreYouFeeling')}</h2>
        <form className="stack" onSubmit={save}>
          <MoodButtons
            selected={selected}
            onSelect={(value) => {
              setSelected(value);
              setReply(null);
            }}
          />
          <div>
            <label className="label" htmlFor={notesId}>
              {t('mood.notesLabel')}
            </label>
            <textarea
              autoComplete="off"
              id={notesId}
              className="textarea"
              rows={3}
              value={notes}
              onChange={(e) => setNotes(e.target.value)}
              placeholder={t('mood.notesPlaceholder')}
            />
          </div>
          <div className="mood-actions">
            <button type="submit" className="btn btn-primary" disabled={selected === null}>
              {t('mood.saveEntry')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={reset}>
              {t('mood.reset')}
            </button>
          </div>
        </form>
        <div className="mood-reply" role="status">
          {reply && (
            <>
              <p className="mood-reply-saved">{t('mood.saved')}</p>
              {copy.waits ? <p>{t('common.savedWaitsOffline')}</p> : null}
              <blockquote className="mood-affirmation">
                <p>{reply.text}</p>
              </blockquote>
            </>
          )}
        </div>
      </section>

      <MoodInsightsBox entries={entries} />

      {entries.length > 0 && <MoodChart entries={entries} />}

      <section aria-labelledby="mood-history-heading">
        <h2 id="mood-history-heading">{t('mood.historyTitle')}</h2>
        <MoodHistory entries={history} />
      </section>
    </div>
  );
}
