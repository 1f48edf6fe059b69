import { useId, useState, type FormEvent } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { useAuth } from '../../providers/auth';
import { useT } from '../../lib/i18n';

/**
 * 'Change password' (docs/vault.md, "Password, PIN, recovery link"): asks the current password, which the
 * server checks, and says before she changes it that her other devices will be signed out. Her records stay
 * readable everywhere: their key does not come from the password. With an external sign-in service the password
 * is changed there, so nothing shows here.
 */
export function PasswordSection() {
  const t = useT();
  const id = useId();
  const config = useAppConfig();
  const { changePassword } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  if (config.auth.url !== null) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setDone(false);
    if (next !== again) return setProblem(t('settings.passwordMismatch'));
    setBusy(true);
    const result = await changePassword(current, next);
    setBusy(false);
    if (result.error) return setProblem(result.wrongCurrent ? t('settings.passwordWrongCurrent') : result.error);
    setCurrent('');
    setNext('');
    setAgain('');
    setDone(true);
  };

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="settings-heading">
        {t('settings.passwordHeading')}
      </h2>
      <p>{t('settings.passwordIntro')}</p>
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <label className="label" htmlFor={`${id}-current`}>
          {t('settings.passwordCurrent')}
        </label>
        <input id={`${id}-current`} type="password" className="input" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
        <label className="label" htmlFor={`${id}-new`}>
          {t('settings.passwordNew')}
        </label>
        <input id={`${id}-new`} type="password" className="input" autoComplete="new-password" required value={next} onChange={(e) => setNext(e.target.value)} />
        <label className="label" htmlFor={`${id}-again`}>
          {t('settings.passwordAgain')}
        </label>
        <input id={`${id}-again`} type="password" className="input" autoComplete="new-password" required value={again} onChange={(e) => setAgain(e.target.value)} />
        {problem ? (
          <p className="settings-warning" role="alert">
            {problem}
          </p>
        ) : null}
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy || !current || !next || !again} aria-busy={busy}>
            {t('settings.passwordChange')}
          </button>
        </div>
      </form>
      <p role="status">{done ? t('settings.passwordChanged') : ''}</p>
    </section>
  );
}
