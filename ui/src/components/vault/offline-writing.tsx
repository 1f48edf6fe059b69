import { useId, useState, type ComponentType, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { canWriteOffline, sealJournalOffline, type OfflineIntake } from '../../lib/vault/outbox';
import type { OpenVault } from '../../lib/vault/vault-store';

/** What a screen's offline form receives: the account, and a call once an item is kept (the count changes). */
export type OfflineFormProps = { accountId: string; onKept(): void };

/**
 * What the screens bring to writing offline, given by the app (a feature's code never reaches lib/ otherwise):
 * a form per path, shown on the offline screen there, and an intake per kind that takes an item in online.
 */
export type OfflineParts = {
  forms: Partial<Record<string, ComponentType<OfflineFormProps>>>;
  intakes: Record<string, OfflineIntake<OpenVault>>;
};

/**
 * Offline, a journal entry can still be written: it is sealed at once to this device's outbox key (nobody holding
 * the phone can read it back) and added to her journal at the next opening online.
 */
export function OfflineWriting({ accountId, onKept }: OfflineFormProps) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  if (!canWriteOffline(accountId)) return null;
  const keep = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    setFailed(false);
    try {
      await sealJournalOffline(accountId, text.trim());
      setText('');
      onKept();
    } catch (err) {
      console.warn('Could not keep the entry:', err instanceof Error ? err.name : '');
      setFailed(true);
    }
  };
  return (
    <form className="vault-card copy-restore-form" onSubmit={(e) => void keep(e)}>
      <label htmlFor={id}>{t('copy.offlineLabel')}</label>
      <textarea autoComplete="off" id={id} className="input" rows={4} value={text} onChange={(e) => setText(e.target.value)} />
      <p>{t('copy.offlineSealed')}</p>
      {failed ? <OfflineNotKept /> : null}
      <div className="vault-actions">
        <button type="submit" className="btn btn-primary" disabled={!text.trim()}>
          {t('copy.offlineKeep')}
        </button>
      </div>
    </form>
  );
}

/** Said when the device could not keep what she wrote offline (no room, or storage refused). */
export function OfflineNotKept() {
  const t = useT();
  return (
    <p className="vault-error" role="alert">
      {t('copy.offlineNotKept')}
    </p>
  );
}
