import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { MAX_PIN_TRIES, PinInput, useVault } from '../../lib/vault';

const PIN_PATTERN = /^\d{4,12}$/;

type Mode = 'idle' | 'set' | 'remove';

/**
 * An optional PIN for the private space, for when someone else knows her password. Setting, changing or
 * removing it re-wraps the key of her records on this device; the records themselves stay as they are.
 */
export function PinSection() {
  const t = useT();
  const { vault } = useVault();
  const [hasPin, setHasPin] = useState(() => vault.hasPin());
  const [mode, setMode] = useState<Mode>('idle');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const reset = (next: Mode) => {
    setMode(next);
    setPin('');
    setAgain('');
    setError(null);
    setDone(null);
  };

  const apply = async (next: string | null, message: string) => {
    setBusy(true);
    try {
      await vault.changePin(next);
      setHasPin(next !== null);
      reset('idle');
      setDone(message);
    } catch (err) {
      console.error('Could not change the PIN:', err);
      setError(t('settings.pinFailed'));
    } finally {
      setBusy(false);
    }
  };

  const onSet = (e: FormEvent) => {
    e.preventDefault();
    if (!PIN_PATTERN.test(pin)) {
      setError(t('settings.pinDigits'));
      return;
    }
    if (pin !== again) {
      setError(t('settings.pinMismatch'));
      return;
    }
    void apply(pin, hasPin ? t('settings.pinNewSet') : t('settings.pinSet'));
  };

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="settings-heading">
        {t('settings.pinHeading')}
      </h2>
      <p>{t('settings.pinIntro', { tries: MAX_PIN_TRIES })}</p>
      {done ? <p role="status">{done}</p> : null}

      {mode === 'idle' ? (
        <div className="settings-actions">
          <button type="button" className="btn btn-secondary" onClick={() => reset('set')}>
            {hasPin ? t('settings.pinChange') : t('settings.pinSetButton')}
          </button>
          {hasPin ? (
            <button type="button" className="btn btn-secondary" onClick={() => reset('remove')}>
              {t('settings.pinRemove')}
            </button>
          ) : null}
        </div>
      ) : null}

      {mode === 'set' ? (
        <form className="stack" onSubmit={onSet}>
          <p className="settings-warning" id={`${id}-warning`}>
            <strong>{t('settings.pinWarningLead')}</strong> {t('settings.pinWarning')}
          </p>
          <div>
            <label className="label" htmlFor={`${id}-pin`}>
              {hasPin ? t('settings.pinNewLabel') : t('settings.pinLabel')}
            </label>
            <PinInput
              id={`${id}-pin`}
              value={pin}
              onChange={(e) => setPin(e.target.value)}
              aria-describedby={`${id}-warning`}
            />
          </div>
          <div>
            <label className="label" htmlFor={`${id}-again`}>
              {t('settings.pinAgain')}
            </label>
            <PinInput
              id={`${id}-again`}
              value={again}
              onChange={(e) => setAgain(e.target.value)}
            />
          </div>
          {error ? <p role="alert">{error}</p> : null}
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
              {t('settings.pinSave')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => reset('idle')}>
              {t('settings.cancel')}
            </button>
          </div>
        </form>
      ) : null}

      {mode === 'remove' ? (
        <div className="stack">
          <p>{t('settings.pinRemoveWarning')}</p>
          {error ? <p role="alert">{error}</p> : null}
          <div className="settings-actions">
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void apply(null, t('settings.pinRemoved'))}
            >
              {t('settings.pinRemove')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => reset('idle')}>
              {t('settings.pinKeep')}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
