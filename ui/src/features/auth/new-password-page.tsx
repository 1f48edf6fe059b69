import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../lib/auth';
import { AuthCard } from './auth-card';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { validateSignUp } from './password-rules';
import './auth-page.css';

/**
 * 'Choose a new password': shown instead of the app after she opened a recovery link someone handed her
 * (the session is a recovery one, so the current password is not asked). Same rules and checklist as
 * sign-up. Her journal and plans on this device stay readable: their key does not come from the password.
 */
export function NewPasswordPage() {
  const { user, setNewPassword } = useAuth();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checklistId = useId();

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    const invalid = validateSignUp(password, confirmPassword);
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
    <AuthCard title={'Choose a new password'}>
        <p className="auth-note">
          <span>
            You are signed in{user?.email ? ` as ${user.email}` : ''}. Choose a new password to use from now on. Everything
            you saved on this device stays as it was.
          </span>
        </p>
        {error ? (
          <div className="auth-error" role="alert">
            {error}
          </div>
        ) : null}
        <form className="auth-form" onSubmit={(e) => void onSubmit(e)}>
          <PasswordField
            label="New password"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            toggleLabel="Show new password"
            describedBy={checklistId}
          />
          <PasswordChecklist id={checklistId} password={password} />
          <PasswordField
            label="Confirm new password"
            value={confirmPassword}
            onChange={setConfirmPassword}
            autoComplete="new-password"
            toggleLabel="Show confirm new password"
          />
          <button type="submit" className="btn btn-primary auth-submit" disabled={busy} aria-busy={busy}>
            Save new password
          </button>
        </form>
    </AuthCard>
  );
}
