import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../providers/auth';
import { useT } from '../../lib/i18n';
import { codeProblemKey } from '../../lib/server-problem';
import { recentlyAddedFactors, verifiedFactors } from '../../lib/two-step';
import { NewAuthenticatorNotice } from './new-authenticator-notice';
import { AuthCard } from './auth-card';
import './auth-page.css';
import './two-step-code-page.css';
import { CodeInput } from '../../components/code-input';

/**
 * The second step of signing in: shown instead of the app while the session has passed only the password
 * and she has an authenticator app set up. A right code raises the session (auth-js's challengeAndVerify),
 * which shows the app; a wrong one says so plainly.
 */
export function TwoStepCodePage() {
  const t = useT();
  const { session, authClient, signOut } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const factor = verifiedFactors(session)[0];
  const recent = recentlyAddedFactors(session)[0];

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!factor) return;
    setError(null);
    setBusy(true);
    try {
      const client = await authClient();
      const { error: refused } = await client.mfa.challengeAndVerify({ factorId: factor.id, code: code.trim() });
      if (refused?.code === 'mfa_factor_not_found') {
        // The authenticator was removed meanwhile (e.g. by the operator for a lost phone): a fresh session
        // no longer lists it, and the app opens.
        await client.refreshSession();
      } else if (refused) {
        setError(t(codeProblemKey(refused)));
        setCode('');
      }
    } catch {
      setError(t(codeProblemKey(null)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.twoStepTitle')}>
      <p className="auth-note">
        <span>{t('auth.twoStepIntro')}</span>
      </p>
      {error ? (
        <div className="auth-error" role="alert" id={`${id}-err`}>
          {error}
        </div>
      ) : null}
      <form className="auth-form" onSubmit={(e) => void onSubmit(e)}>
        <label className="label" htmlFor={`${id}-code`}>
          {t('auth.codeLabel')}
        </label>
        <CodeInput id={`${id}-code`} value={code} onChange={setCode} describedBy={error ? `${id}-err` : undefined} />
        <button type="submit" className="btn btn-primary auth-submit" disabled={busy} aria-busy={busy}>
          {t('auth.continue')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void signOut()}>
          {t('auth.signOut')}
        </button>
      </form>
      {recent ? <NewAuthenticatorNotice factor={recent} /> : null}
      <p className="auth-note two-step-help">
        <span>{t('auth.lostPhone')}</span>
      </p>
    </AuthCard>
  );
}
