// First, so that the form finds its English texts when the offline screen shows it.
import './english';
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { OfflineNotKept, type OfflineFormProps } from '../../components/vault/offline-writing';
import { sealOffline, type OfflineIntake } from '../../lib/vault/outbox';
import type { OpenVault } from '../../lib/vault/vault-store';
import { MoodButtons } from './mood-buttons';
import { isMoodValue, type MoodValue } from './mood-labels';
import { localDateKey, saveMoodEntry, validMoodEntries } from './mood-logic';
import './mood.css';

type OfflineMood = { date: string; mood: MoodValue; notes: string };

/** How she feels, written offline (docs/vault.md, "Writing offline"): sealed at once, added to her moods online. */
export default function OfflineMoodForm({ accountId, onKept }: OfflineFormProps) {
  const t = useT();
  const notesId = useId();
  const [selected, setSelected] = useState<MoodValue | null>(null);
  const [notes, setNotes] = useState('');
  const [failed, setFailed] = useState(false);
  const keep = async (e: FormEvent) => {
    e.preventDefault();
    if (selected === null) return;
    setFailed(false);
    try {
      const data: OfflineMood = { date: localDateKey(new Date()), mood: selected, notes: notes.trim() };
      await sealOffline(accountId, { kind: 'mood', data });
      setSelected(null);
      setNotes('');
      onKept();
    } catch (err) {
      console.warn('Could not keep the mood:', err instanceof Error ? err.name : '');
      setFailed(true);
    }
  };
  return (
    <form className="vault-card stack" onSubmit={(e) => void keep(e)}>
      <MoodButtons selected={selected} onSelect={setSelected} />
      <label className="label" htmlFor={notesId}>
        {t('mood.notesLabel')}
      </label>
      <textarea autoComplete="off" id={notesId} className="textarea" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
      <p>{t('mood.offlineSealed')}</p>
      {failed ? <OfflineNotKept /> : null}
      <div className="vault-actions">
        <button type="submit" className="btn btn-primary" disabled={selected === null}>
          {t('mood.offlineKeep')}
        </button>
      </div>
    </form>
  );
}

/** Online again: the mood joins her list as a mood saved that day would (one per day, the later one kept). */
export const moodIntake: OfflineIntake<OpenVault> = async (vault, item) => {
  const data = item.data as OfflineMood;
  if (!isMoodValue(data.mood)) throw new Error('Not a mood.');
  const stored = vault.get(STORAGE_KEYS.mood);
  const entries = validMoodEntries(Array.isArray(stored) ? stored : []);
  await vault.set(STORAGE_KEYS.mood, saveMoodEntry(entries, data, String(item.writtenAt)));
};
