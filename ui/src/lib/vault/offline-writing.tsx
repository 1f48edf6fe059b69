import { useId, useState, type FormEvent } from 'react';
import { useT } from '../i18n';
import { canWriteOffline, sealJournalOffline, waitingOffline } from './outbox';

/**
 * Offline, a journal entry can still be written: it is sealed at once to this device's outbox key (nobody holding
 * the phone can read it back) and added to her journal at the next opening online. She sees how many wait.
 */
export function OfflineWriting({ accountId }: { accountId: string }) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [waiting, setWaiting] = useState(() => waitingOffline(accountId));
  const [failed, setFailed] = useState(false);
  if (!canWriteOffline(accountId)) return null;
  const keep = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setFailed(false);
    try {
      await sealJournalOffline(accountId, text.trim());
      setText('');
      setWaiting(waitingOffline(accountId));
    } catch (err) {
      console.warn('Could not keep the entry:', err instanceof Error ? err.name : '');
      setFailed(true);
    }
  };
  return (
    <form className="vault-card copy-restore-form" onSubmit={(e) => void keep(e)}>
      <label htmlFor={id}>{t('copy.offlineLabel')}</label>
      <textarea id={id} className="input" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
      <p>{t('copy.offlineSealed')}</p>
      {failed ? (
        <p className="vault-error" role="alert">
          {t('copy.offlineNotKept')}
        </p>
      ) : null}
      <div className="vault-actions">
        <button type="submit" className="btn btn-primary" disabled={!text.trim()}>
          {t('copy.offlineKeep')}
        </button>
      </div>
      {waiting > 0 ? <p role="status">{t('copy.offlineWaiting', { count: waiting })}</p> : null}
    </form>
  );
}
