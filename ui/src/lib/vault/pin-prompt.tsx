import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '../i18n';
import { PinInput } from './pin-input';
import { VaultScreen } from './vault-screen';

type Props = {
  triesLeft: number;
  /** The last PIN tried was wrong. */
  wrong: boolean;
  onSubmit(pin: string): Promise<void>;
  onSignOut(): void;
};

/** Asks for her PIN after sign-in and after each reload. Says plainly what a wrong PIN did (nothing). */
export function PinPrompt({ triesLeft, wrong, onSubmit, onSignOut }: Props) {
  const t = useT();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, [wrong, triesLeft]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!pin || busy) return;
    setBusy(true);
    await onSubmit(pin);
    setPin('');
    setBusy(false);
  };

  return (
    <VaultScreen>
      <form className="vault-card" onSubmit={(e) => void submit(e)}>
        <h1 className="vault-title">{t('vault.pinTitle')}</h1>
        <p>{t('vault.pinIntro')}</p>
        <label className="label" htmlFor={id}>
          {t('vault.pinLabel')}
        </label>
        <PinInput
          ref={input}
          id={id}
          value={pin}
          onChange={(e) => setPin(e.target.value)}
          aria-describedby={wrong ? `${id}-error` : undefined}
          aria-invalid={wrong || undefined}
        />
        {wrong ? (
          <p id={`${id}-error`} className="vault-error" role="alert">
            {t('vault.pinWrong')}{' '}
            {triesLeft === 1 ? t('vault.pinOneTryLeft') : t('vault.pinTriesLeft', { count: triesLeft })}
          </p>
        ) : null}
        <div className="vault-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || !pin} aria-busy={busy}>
            {t('vault.unlock')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onSignOut}>
            {t('vault.signOut')}
          </button>
        </div>
      </form>
    </VaultScreen>
  );
}
