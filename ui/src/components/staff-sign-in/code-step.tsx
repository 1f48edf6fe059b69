import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../providers/auth';
import { CodeInput } from '../../components/code-input';
import { useT } from '../../lib/i18n';
import { verifiedFactors } from '../../lib/two-step';

/** Signed in with the password only: the authenticator's code before anything shows. */
export function CodeStep() {
  const t = useT();
  const id = useId();
  const { session, authClient } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const factor = verifiedFactors(session)[0];
    if (!factor) return;
    setBusy(true);
    setError(null);
    try {
      const client = await authClient();
      const { error: refused } = await client.mfa.challengeAndVerify({ factorId: factor.id, code: code.replace(/\s/g, '') });
      if (refused) setError(t('staffSignIn.codeRefused'));
    } catch {
      setError(t('staffSignIn.codeRefused'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('staffSignIn.codeHeading')}</h2>
      <label className="label" htmlFor={`${id}-code`}>
        {t('staffSignIn.codeLabel')}
      </label>
      <CodeInput id={`${id}-code`} value={code} onChange={setCode} />
      {error ? <p role="alert">{error}</p> : null}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('staffSignIn.codeContinue')}
      </button>
    </form>
  );
}
