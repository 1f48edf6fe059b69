import { useState } from 'react';
import { useAuth } from '../../providers/auth';
import { useT } from '../../lib/i18n';
import { AuthCard } from './auth-card';

type Props = {
  /** The address the sign-up went to (for a new link); never shown, someone may be looking at the screen. */
  email: string;
  onBack(): void;
};

/**
 * After a sign-up with an e-mail address on a server that confirms by e-mail (docs/auth-contract.md, "Confirming
 * sign-ups by e-mail"): the same calm screen whether or not the address had an account, since the server's answer
 * is the same too. The link in the e-mail lands on the app and signs her in.
 */
export function CheckEmail({ email, onBack }: Props) {
  const t = useT();
  const { resendSignUp } = useAuth();
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    setBusy(true);
    const { error } = await resendSignUp(email);
    setBusy(false);
    setNote(error ? { text: error, error: true } : { text: t('auth.checkEmailResent'), error: false });
  };

  return (
    <AuthCard title={t('auth.checkEmailTitle')}>
      <div className="auth-info" role="status">
        {t('auth.checkEmailBody')}
      </div>
      <p className="auth-hint">{t('auth.checkEmailNothing')}</p>
      <p className="auth-hint">{t('auth.checkEmailInbox')}</p>
      {note ? (
        <div className={note.error ? 'auth-error' : 'auth-info'} role={note.error ? 'alert' : 'status'}>
          {note.text}
        </div>
      ) : null}
      <button type="button" className="btn btn-secondary auth-submit" disabled={busy} aria-busy={busy} onClick={() => void resend()}>
        {t('auth.checkEmailResend')}
      </button>
      <p className="auth-switch">
        <button type="button" className="auth-link" onClick={onBack}>
          {t('auth.checkEmailBack')}
        </button>
      </p>
    </AuthCard>
  );
}
