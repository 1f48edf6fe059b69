import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { VaultKeyError } from '../../lib/vault/crypto';
import { VaultScreen } from './vault-screen';

type Props = { onRestore(recoveryKey: string): Promise<void>; onStartApart(): void; onSignOut(): void };

/**
 * A device without this account's key, while the account keeps a copy: her recovery key brings everything back.
 * A wrong key says so and changes nothing; a lost key lets her write on this device, leaving the copy as it is.
 */
export function CopyRestore({ onRestore, onStartApart, onSignOut }: Props) {
  const t = useT();
  const id = useId();
  const [text, setText] = useState('');
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);
  const [lost, setLost] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setWrong(false);
    try {
      await onRestore(text);
    } catch (err) {
      if (!(err instanceof VaultKeyError)) throw err;
      setWrong(true);
      setBusy(false);
    }
  };
  return (
    <VaultScreen>
      <div className="vault-card copy-card">
        <h1 className="vault-title">{t('copy.restoreTitle')}</h1>
        {lost ? (
          <>
            <p>{t('copy.restoreLostText')}</p>
            <div className="vault-actions">
              <button type="button" className="btn btn-secondary" onClick={onStartApart}>
                {t('copy.restoreStartApart')}
              </button>
              <button type="button" className="btn btn-primary" onClick={() => setLost(false)}>
                {t('copy.back')}
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={(e) => void submit(e)} className="copy-restore-form">
            <p>{t('copy.restoreText')}</p>
            <label htmlFor={id}>{t('copy.restoreLabel')}</label>
            <input
              id={id}
              className="input copy-key-input"
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
            {wrong ? (
              <p className="vault-error" role="alert">
                {t('copy.restoreWrong')}
              </p>
            ) : null}
            <div className="vault-actions">
              <button type="submit" className="btn btn-primary" disabled={busy || !text.trim()}>
                {t('copy.restoreButton')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setLost(true)}>
                {t('copy.restoreLost')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={onSignOut}>
                {t('vault.signOut')}
              </button>
            </div>
          </form>
        )}
      </div>
    </VaultScreen>
  );
}
