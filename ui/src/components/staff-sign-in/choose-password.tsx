import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../providers/auth';
import { useT } from '../../lib/i18n';

/** The set-up link's one sign-in: the advocate or operator chooses a password before anything else. */
export function ChoosePassword() {
  const t = useT();
  const id = useId();
  const { setNewPassword } = useAuth();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (password.length < 10) return setError(t('staffSignIn.passwordTooShort'));
    if (password !== repeat) return setError(t('staffSignIn.passwordsDiffer'));
    setBusy(true);
    setError(null);
    const { error: refused } = await setNewPassword(password);
    setBusy(false);
    if (refused) setError(refused);
  };

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('staffSignIn.choosePasswordHeading')}</h2>
      <p>{t('staffSignIn.choosePasswordIntro')}</p>
      <label className="label" htmlFor={`${id}-new`}>
        {t('staffSignIn.newPassword')}
      </label>
      <input id={`${id}-new`} className="input" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      <label className="label" htmlFor={`${id}-again`}>
        {t('staffSignIn.repeatPassword')}
      </label>
      <input id={`${id}-again`} className="input" type="password" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.target.value)} />
      {error ? <p role="alert">{error}</p> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('staffSignIn.working') : t('staffSignIn.savePassword')}
      </button>
    </form>
  );
}
