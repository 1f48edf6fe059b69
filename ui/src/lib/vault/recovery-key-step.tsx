import { useState } from 'react';
import { useT } from '../i18n';

type Props = { recoveryKey: string; onKept(): Promise<void>; onCancel?(): void };

/** Shows a new recovery key in groups, to write down or print; keeping it sends only its wrap of the data key. */
export function RecoveryKeyStep({ recoveryKey, onKept, onCancel }: Props) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const keep = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await onKept();
    } catch (err) {
      console.error('The recovery key could not be kept:', err);
      setFailed(true);
      setBusy(false);
    }
  };
  return (
    <div className="copy-key-step">
      <p>{t('copy.keyText')}</p>
      <p className="copy-key" aria-label={t('copy.keyLabel')} data-recovery-key={recoveryKey}>
        {recoveryKey.split('-').map((group, i) => (
          <span key={i} className="copy-key-group">
            {group}
          </span>
        ))}
      </p>
      <p>{t('copy.keyWarning')}</p>
      {failed ? (
        <p className="vault-error" role="alert">
          {t('copy.keyNotKept')}
        </p>
      ) : null}
      <div className="vault-actions">
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
          {t('copy.print')}
        </button>
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void keep()}>
          {t('copy.keptIt')}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            {t('copy.cancel')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
