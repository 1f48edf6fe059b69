import { useId, useState, type FormEvent } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { useAuth } from '../../providers/auth';
import { useT } from '../../lib/i18n';
import { ModalDialog } from '../../components/modal-dialog';
import { NEUTRAL_PATH } from '../../lib/neutral-history';
import { verifiedFactors } from '../../lib/two-step';
import { clearAllData } from './clear-data';
import { requestAccountDeletion } from './delete-account';
import { CodeInput } from '../../components/code-input';

type Props = {
  /** Tests replace the network and the final page load. */
  fetchImpl?: typeof fetch;
  landOnSignIn?: () => void;
};

/** Accounts with only Google sign-in have no password to type; the server asks for a recent sign-in instead. */
function hasPassword(user: { identities?: { provider: string }[]; app_metadata: Record<string, unknown> }) {
  if (user.identities?.length) return user.identities.some((i) => i.provider === 'email');
  const providers = user.app_metadata.providers;
  return !Array.isArray(providers) || providers.includes('email');
}

/**
 * 'Delete my account': the account goes from the server, then this device is cleared exactly as
 * Clear All Data does (the encrypted journal included) and she lands on the sign-in screen.
 */
export function DeleteAccountSection({ fetchImpl, landOnSignIn = () => window.location.replace(NEUTRAL_PATH) }: Props) {
  const t = useT();
  const id = useId();
  const config = useAppConfig();
  const { session } = useAuth();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Google-only accounts have no password, unless one was set later (e.g. through a recovery link).
  const [passwordWanted, setPasswordWanted] = useState(false);

  const heading = (
    <h2 id={`${id}-h`} className="settings-heading">
      {t('settings.deleteHeading')}
    </h2>
  );

  if (config.auth.url !== null) {
    return (
      <section className="card" aria-labelledby={`${id}-h`}>
        {heading}
        <p>{t('settings.deleteExternal')}</p>
      </section>
    );
  }
  if (!session) return null;
  const needsPassword = passwordWanted || hasPassword(session.user);
  // With an authenticator app set up, deleting asks for its code too.
  const needsCode = verifiedFactors(session).length > 0;

  const ask = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setConfirming(true);
  };

  const deleteNow = async () => {
    setBusy(true);
    const problem = await requestAccountDeletion(
      config,
      session.access_token,
      needsPassword ? password : null,
      fetchImpl,
      needsCode ? code.trim() : null,
    );
    if (problem) {
      setBusy(false);
      setConfirming(false);
      setError(t(problem.message));
      if (problem.passwordRefused) setPasswordWanted(true);
      return;
    }
    // The account and its sessions are gone from the server; now nothing of hers may stay on this device.
    // The page is loaded afresh on the sign-in screen, which also drops the signed-in state held in memory.
    clearAllData('', { storage: window.localStorage, alert: () => undefined, reload: landOnSignIn });
  };

  return (
    <section className="card settings-danger" aria-labelledby={`${id}-h`}>
      {heading}
      <p className="settings-warning">{t('settings.deleteWarning')}</p>
      <form className="stack" onSubmit={ask}>
        {needsPassword ? (
          <div>
            <label className="label" htmlFor={`${id}-pw`}>
              {t('settings.deletePassword')}
            </label>
            <input
              id={`${id}-pw`}
              className="input"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={error ? `${id}-err` : undefined}
            />
          </div>
        ) : (
          <p>{t('settings.deleteGoogleOnly')}</p>
        )}
        {needsCode ? (
          <div>
            <label className="label" htmlFor={`${id}-code`}>
              {t('settings.deleteCode')}
            </label>
            <CodeInput id={`${id}-code`} value={code} onChange={setCode} describedBy={error ? `${id}-err` : undefined} />
          </div>
        ) : null}
        {error ? (
          <p id={`${id}-err`} role="alert" className="settings-warning">
            {error}
          </p>
        ) : null}
        <div className="settings-actions">
          <button type="submit" className="btn btn-danger">
            {t('settings.deleteHeading')}
          </button>
        </div>
      </form>

      {confirming ? (
        <ModalDialog title={t('settings.deleteConfirmTitle')} onClose={() => !busy && setConfirming(false)}>
          <p>{t('settings.deleteConfirmText')}</p>
          <div className="settings-dialog-actions">
            <button
              type="button"
              className="btn btn-secondary"
              data-autofocus
              disabled={busy}
              onClick={() => setConfirming(false)}
            >
              {t('settings.deleteKeep')}
            </button>
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void deleteNow()}>
              {busy ? t('settings.deleting') : t('settings.deleteYes')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}
