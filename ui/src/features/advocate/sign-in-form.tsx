import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../providers/auth';
import { useT } from '../../lib/i18n';

/** Signing in again later: the same accounts service as everyone; the area then asks for the second step. */
export function SignInForm() {
  const t = useT();
  const id = useId();
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    const { error: refused } = await signIn(email.trim(), password);
    setBusy(false);
    if (refused) setError(refused);
  };

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('advocate.signInHeading')}</h2>
      <label className="label" htmlFor={`${id}-email`}>
        {t('advocate.email')}
      </label>
      <input id={`${id}-email`} className="input" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <label className="label" htmlFor={`${id}-password`}>
        {t('advocate.password')}
      </label>
      <input
        id={`${id}-password`}
        className="input"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {error ? <p role="alert">{error}</p> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('advocate.working') : t('advocate.signIn')}
      </button>
    </form>
  );
}
