import { useId, useState } from 'react';
import { useAuth } from '../../providers/auth';
import { useLanguage, useT } from '../../lib/i18n';
import type { Factor } from '../../lib/two-step';
import { formatDateTime } from '../../lib/dates';

/**
 * Shown on the code step when an authenticator was confirmed in the last days. Someone who knows her
 * password can add one of his own; then her password alone no longer opens her account. For those days
 * the server lets her remove it without its code, so she is never shut out (docs/auth-contract.md).
 * After removing it, she is told to change her password before the app opens.
 */
export function NewAuthenticatorNotice({ factor }: { factor: Factor }) {
  const t = useT();
  const { lang } = useLanguage();
  const { authClient } = useAuth();
  const id = useId();
  const [state, setState] = useState<'idle' | 'busy' | 'removed' | 'failed'>('idle');
  const when = (iso?: string) => (iso ? formatDateTime(iso, lang) : '');

  const remove = async () => {
    setState('busy');
    try {
      const client = await authClient();
      const { error } = await client.mfa.unenroll({ factorId: factor.id });
      setState(error ? 'failed' : 'removed');
    } catch {
      setState('failed');
    }
  };

  const openApp = async () => {
    // A fresh session no longer lists the authenticator, so the code step gives way to the app.
    const client = await authClient();
    await client.refreshSession();
  };

  if (state === 'removed') {
    return (
      <section className="new-factor-notice" aria-labelledby={`${id}-title`} role="status">
        <h2 id={`${id}-title`}>{t('auth.newFactorRemovedTitle')}</h2>
        <p>{t('auth.newFactorRemovedBody')}</p>
        <button type="button" className="btn btn-primary" onClick={() => void openApp()}>
          {t('auth.newFactorOpenApp')}
        </button>
      </section>
    );
  }
  return (
    <section className="new-factor-notice" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('auth.newFactorTitle')}</h2>
      <p>{t('auth.newFactorBody', { added: when(factor.verified_at), until: when(factor.removable_without_code_until) })}</p>
      {state === 'failed' ? (
        <p className="auth-error" role="alert">
          {t('auth.newFactorRemoveFailed')}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-secondary"
        disabled={state === 'busy'}
        aria-busy={state === 'busy'}
        onClick={() => void remove()}
      >
        {t('auth.newFactorRemove')}
      </button>
    </section>
  );
}
