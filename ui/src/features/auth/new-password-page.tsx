import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../providers/auth';
import { useLanguage, useT } from '../../lib/i18n';
import { accountLabel } from '../../lib/sign-in-name';
import { AuthCard } from './auth-card';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { signUpProblemText } from './sign-up-problem-keys';
import './auth-page.css';

/**
 * 'Choose a new password': shown instead of the app after she opened a recovery link someone handed her
 * (the session is a recovery one, so the current password is not asked). Same rules and checklist as
 * sign-up. Her journal and plans on this device stay readable: their key does not come from the password.
 */
export function NewPasswordPage() {
  const t = useT();
  const { lang } = useLanguage();
  const { user, setNewPassword } = useAuth();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checklistId = useId();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    const invalid = signUpProblemText(t, lang, password, confirmPassword);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    const result = await setNewPassword(password);
    setBusy(false);
    // On success the recovery state ends and the app shows itself.
    if (result.error) setError(result.error);
  };

  return (
    <AuthCard title={t('auth.newPasswordTitle')}>
        <p className="auth-note">
          <span>
            {user?.email ? t('auth.newPasswordIntroAs', { email: accountLabel(user.email) }) : t('auth.newPasswordIntro')}
          </span>
        </p>
        {error ? (
          <div className="auth-error" role="alert">
            {error}
          </div>
        ) : null}
        <form className="auth-form" onSubmit={(e) => void onSubmit(e)}>
          <PasswordField
            label={t('auth.newPassword')}
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            toggleLabel={t('auth.showNewPassword')}
            describedBy={checklistId}
          />
          <PasswordChecklist id={checklistId} password={password} />
          <PasswordField
            label={t('auth.confirmNewPassword')}
            value={confirmPassword}
            onChange={setConfirmPassword}
            autoComplete="new-password"
            toggleLabel={t('auth.showConfirmNewPassword')}
          />
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy} aria-busy={busy}>
            {t('auth.saveNewPassword')}
          </button>
        </form>
    </AuthCard>
  );
}
