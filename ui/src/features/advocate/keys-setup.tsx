import { useId, useState, type FormEvent } from 'react';
import { advocateApi } from '../../lib/advocates/api';
import { makeAdvocateKeys } from '../../lib/advocates/sealing';
import { useT } from '../../lib/i18n';

/**
 * The advocate's key pair, made in this browser (docs/vault.md, "One key design for what comes next"): the
 * server receives the public key and the private key locked by the passphrase, never the passphrase.
 */
export function KeysSetup({
  token,
  onDone,
  replacing = false,
  onCancel,
}: {
  token: string;
  onDone: () => void;
  /** A new key in place of one whose passphrase is forgotten: what was shared with the old one is gone. */
  replacing?: boolean;
  onCancel?: () => void;
}) {
  const t = useT();
  const id = useId();
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (passphrase.length < 12) return setError(t('advocate.passphraseTooShort'));
    if (passphrase !== repeat) return setError(t('advocate.passphrasesDiffer'));
    setBusy(true);
    setError(null);
    try {
      const keys = await makeAdvocateKeys(passphrase);
      await advocateApi(token, 'PUT', '/advocate/keys', keys);
      onDone();
    } catch {
      setError(t('advocate.keysFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t(replacing ? 'advocate.newKeyHeading' : 'advocate.keysHeading')}</h2>
      {replacing ? <p className="advocate-warning">{t('advocate.newKeyWarning')}</p> : null}
      <p>{t('advocate.keysIntro')}</p>
      <p className="advocate-warning">{t('advocate.keysForget')}</p>
      <label className="label" htmlFor={`${id}-p`}>
        {t('advocate.passphrase')}
      </label>
      <input id={`${id}-p`} className="input" type="password" autoComplete="off" required value={passphrase} onChange={(e) => setPassphrase(e.target.value)} />
      <label className="label" htmlFor={`${id}-r`}>
        {t('advocate.repeatPassphrase')}
      </label>
      <input id={`${id}-r`} className="input" type="password" autoComplete="off" required value={repeat} onChange={(e) => setRepeat(e.target.value)} />
      {error ? <p role="alert">{error}</p> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('advocate.makingKeys') : t('advocate.makeKeys')}
      </button>
      {onCancel ? (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
          {t('advocate.newKeyCancel')}
        </button>
      ) : null}
    </form>
  );
}
