import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../providers/auth';
import { useT } from '../../lib/i18n';
import { toAuthAddress } from '../../lib/sign-in-name';

type Props = {
  /** The area's own heading ("Sign in as an advocate"). */
  heading: string;
  /** The account may be a private sign-in name as well as an e-mail address (an operator's). */
  acceptsName?: boolean;
};

/** Signing in again later: the same accounts service as everyone; the area then asks for the second step. */
export function SignInForm({ heading, acceptsName = false }: Props) {
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
    const { error: refused } = await signIn(acceptsName ? toAuthAddress(email) : email.trim(), password);
    setBusy(false);
    if (refused) setError(refused);
  };

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{heading}</h2>
      <label className="label" htmlFor={`${id}-email`}>
        {acceptsName ? t('staffSignIn.account') : t('staffSignIn.email')}
      </label>
      <input
        id={`${id}-email`}
        className="input"
        type={acceptsName ? 'text' : 'email'}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <label className="label" htmlFor={`${id}-password`}>
        {t('staffSignIn.password')}
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
        {busy ? t('staffSignIn.working') : t('staffSignIn.signIn')}
      </button>
    </form>
  );
}
