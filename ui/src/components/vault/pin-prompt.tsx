import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { EmergencyCallButtons } from '../emergency-calls';
import { useT } from '../../lib/i18n';
import { ForgotPin } from './forgot-pin';
import { PinInput } from './pin-input';
import { VaultScreen } from './vault-screen';

type Props = {
  /** Wrong PINs left before she is signed out (0 or 1: the next wrong one signs her out). */
  triesLeft: number;
  /** No try before this time (ms since 1970); 0: none to wait for. */
  waitUntil?: number;
  /** The last PIN tried was wrong. */
  wrong: boolean;
  onSubmit(pin: string): Promise<void>;
  onSignOut(): void;
  /** Removes her records from this device and goes on without a PIN. */
  onStartAfresh(): void;
};

/** Seconds left until `until`, counted down once a second; 0 once it has passed. */
function useSecondsLeft(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const timer = window.setInterval(() => setSeconds(left()), 1000);
    return () => window.clearInterval(timer);
    // `left` reads only `until`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  return seconds;
}

/**
 * Asks for her PIN after sign-in and after each reload. Says plainly what a wrong PIN did (nothing), how long
 * to wait after several, what to do if she forgot it, and whom to call in danger.
 */
export function PinPrompt({ triesLeft, waitUntil = 0, wrong, onSubmit, onSignOut, onStartAfresh }: Props) {
  const t = useT();
  const [pin, setPin] = useState('');
  const [busy, setBusy] = useState(false);
  const [forgot, setForgot] = useState(false);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const wait = useSecondsLeft(waitUntil);

  // Before the prompt is drawn, so that a PIN typed at once lands in the field.
  useLayoutEffect(() => {
    if (!forgot) input.current?.focus();
  }, [wrong, triesLeft, forgot]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!pin || busy || wait > 0) return;
    setBusy(true);
    await onSubmit(pin);
    setPin('');
    setBusy(false);
  };

  const waitText =
    wait > 60 ? t('vault.pinWaitMinutes', { count: Math.ceil(wait / 60) }) : t('vault.pinWaitSeconds', { count: wait });

  return (
    <VaultScreen>
      {forgot ? (
        <ForgotPin onStartAfresh={onStartAfresh} onBack={() => setForgot(false)} />
      ) : (
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
            aria-describedby={wrong || wait > 0 ? `${id}-error` : undefined}
            aria-invalid={wrong || undefined}
          />
          {wrong || wait > 0 ? (
            <p id={`${id}-error`} className="vault-error" role="alert">
              {wrong ? `${t('vault.pinWrong')} ` : ''}
              {triesLeft <= 1 ? t('vault.pinOneTryLeft') : t('vault.pinTriesLeft', { count: triesLeft })}
              {wait > 0 ? ` ${waitText}` : ''}
            </p>
          ) : null}
          <div className="vault-actions">
            <button type="submit" className="btn btn-primary" disabled={busy || !pin || wait > 0} aria-busy={busy}>
              {t('vault.unlock')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={onSignOut}>
              {t('vault.signOut')}
            </button>
          </div>
          <button type="button" className="btn btn-secondary" onClick={() => setForgot(true)}>
            {t('vault.forgotPin')}
          </button>
        </form>
      )}
      <section className="vault-card vault-help" aria-labelledby={`${id}-help`}>
        <h2 id={`${id}-help`} className="vault-help-title">
          {t('vault.helpTitle')}
        </h2>
        <EmergencyCallButtons />
      </section>
    </VaultScreen>
  );
}
