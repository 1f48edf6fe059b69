import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_CONFIG, useAppConfig } from '../../lib/app-config';
import { useAuth } from '../../providers/auth';
import { useLanguage, useT } from '../../lib/i18n';
import { ShieldIcon } from '../../components/icons';
import { useOnline } from '../../lib/offline-app';
import { PATHS } from '../../lib/route-paths';
import { nameProblem, toAuthAddress } from '../../lib/sign-in-name';
import { AccountField, type AccountMethod } from './account-field';
import { AuthCard } from './auth-card';
import { CheckEmail } from './check-email';
import { OfflineNotice } from './offline-notice';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { signUpProblemText } from './sign-up-problem-keys';
import { readRememberedEmail, rememberEmail, rememberEmailEnabled } from './remembered-email';
import './auth-page.css';

type Mode = 'signin' | 'signup';

const BUILT_IN_TITLE = DEFAULT_CONFIG.page_title;

export default function AuthPage() {
  const t = useT();
  const { lang } = useLanguage();
  const { sign_in_title, page_title, auth: authConfig } = useAppConfig();
  const { signIn, signUp, signInWithGoogle, prepare, recovery } = useAuth();
  const [mode, setMode] = useState<Mode>('signin');
  const policy = authConfig.sign_in_names ?? 'allow';
  const [method, setMethod] = useState<AccountMethod>(policy === 'off' ? 'email' : 'name');
  const [email, setEmail] = useState(readRememberedEmail);
  // 'Remember my e-mail on this device' (Settings) off means the browser keeps nothing either: no sign-in name in its autofill or saved logins,
  // and no password saved (browsers ignore autoComplete="off" on a password, so it is marked as a one-time code,
  // which their password managers leave alone; see components/vault/pin-input.tsx).
  const [remember] = useState(rememberEmailEnabled);
  const passwordMemory = (kind: 'new-password' | 'current-password') => (remember ? kind : 'one-time-code');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The address a sign-up is waiting on (its confirmation e-mail's link): the "check your e-mail" screen.
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const checklistId = useId();
  const isSignUp = mode === 'signup';
  const online = useOnline();

  const toggleMode = () => {
    setMode(isSignUp ? 'signin' : 'signup');
    setMethod(policy === 'off' ? 'email' : 'name');
    setEmail('');
    setPassword('');
    setConfirmPassword('');
    setError(null);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    const asName = isSignUp && method === 'name';
    if (asName) {
      const badName = nameProblem(email);
      if (badName) {
        setError(t(badName === 'short' ? 'auth.nameShort' : 'auth.nameCharacters'));
        return;
      }
    }
    if (isSignUp) {
      const invalid = signUpProblemText(t, lang, password, confirmPassword);
      if (invalid) {
        setError(invalid);
        return;
      }
    }
    setBusy(true);
    const trimmedEmail = email.trim();
    // A sign-in name travels as a reserved address (lib/sign-in-name.ts); an e-mail address as it is.
    const address = asName || (!isSignUp && policy !== 'off') ? toAuthAddress(trimmedEmail) : trimmedEmail;
    if (isSignUp) {
      const result = await signUp(address, password);
      setBusy(false);
      if (result.error) {
        setError(result.error);
        return;
      }
      rememberEmail(trimmedEmail);
      if (result.needsConfirmation) {
        setPassword('');
        setConfirmPassword('');
        setWaitingFor(address);
      }
    } else {
      const result = await signIn(address, password);
      setBusy(false);
      if (result.error) {
        setError(result.error);
        return;
      }
      rememberEmail(trimmedEmail);
    }
    // On success the auth state changes and the router moves on to the home page.
  };

  const onGoogle = async () => {
    setError(null);
    const result = await signInWithGoogle();
    if (result.error) setError(result.error);
  };

  if (waitingFor !== null) {
    return (
      <CheckEmail
        email={waitingFor}
        onBack={() => {
          setWaitingFor(null);
          setMode('signin');
          setEmail('');
        }}
      />
    );
  }

  return (
    <AuthCard
      // The operator's heading (site.sign_in_title, else the page title); the built-in 'Welcome' in her language.
      title={sign_in_title === BUILT_IN_TITLE && page_title === BUILT_IN_TITLE ? t('auth.welcome') : sign_in_title}
    >
        <p className="auth-note">
          <ShieldIcon size={18} />
          <span>{t('auth.safetyNote')}</span>
        </p>

        {recovery === 'expired' && !error ? (
          <div className="auth-error" role="alert">
            {/* With e-mail, the link may have been a sign-up's, not one the operator handed over. */}
            {t(authConfig.confirm_email ? 'auth.linkExpiredMail' : 'auth.linkExpired')}
          </div>
        ) : null}
        {error ? (
          <div className="auth-error" role="alert">
            {error}
          </div>
        ) : null}
        {online ? null : <OfflineNotice />}

        <form
          className="auth-form"
          onSubmit={(e) => void onSubmit(e)}
          onFocus={prepare}
          onPointerDown={prepare}
        >
          <AccountField
            signUp={isSignUp}
            policy={policy}
            method={method}
            onMethod={(m) => {
              setMethod(m);
              setError(null);
            }}
            value={email}
            onChange={setEmail}
            remember={remember}
            confirmEmail={authConfig.confirm_email === true}
          />
          <PasswordField
            label={t('auth.password')}
            value={password}
            onChange={setPassword}
            autoComplete={passwordMemory(isSignUp ? 'new-password' : 'current-password')}
            toggleLabel={t('auth.showPassword')}
            describedBy={isSignUp ? checklistId : undefined}
          />
          {isSignUp ? (
            <>
              <PasswordChecklist id={checklistId} password={password} />
              <PasswordField
                label={t('auth.confirmPassword')}
                value={confirmPassword}
                onChange={setConfirmPassword}
                autoComplete={passwordMemory('new-password')}
                toggleLabel={t('auth.showConfirmPassword')}
              />
            </>
          ) : null}
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy || !online} aria-busy={busy}>
            {isSignUp ? t('auth.signUp') : t('auth.signIn')}
          </button>
        </form>

        {authConfig.google_enabled ? (
          <>
            <div className="auth-divider">
              <span>{t('auth.or')}</span>
            </div>
            <button type="button" className="btn btn-secondary auth-google" disabled={!online} onClick={() => void onGoogle()}>
              <GoogleMark />
              {isSignUp ? t('auth.signUpGoogle') : t('auth.signInGoogle')}
            </button>
          </>
        ) : null}

        <p className="auth-switch">
          <button type="button" className="auth-link" onClick={toggleMode}>
            {isSignUp ? t('auth.haveAccount') : t('auth.noAccount')}
          </button>
        </p>
        <p className="auth-switch">
          <Link to={PATHS.stayingSafe}>{t('auth.stayingSafeLink')}</Link>
        </p>
    </AuthCard>
  );
}

/** A neutral "G" mark drawn by us (no third-party logo asset). */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M16.5 12.5h-4.5v-2h6.4c.1.5.1 1 .1 1.5a6.5 6.5 0 1 1-2-4.7" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
