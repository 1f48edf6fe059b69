import { useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { changePin, MAX_PIN_TRIES, useHasPin, useVault } from '../../lib/vault';
import { PinSetForm } from '../../components/vault';

type Mode = 'idle' | 'set' | 'remove';

/**
 * An optional PIN for the private space, for when someone else knows her password. Setting, changing or
 * removing it re-wraps the key of her records on this device; the records themselves stay as they are.
 */
export function PinSection() {
  const t = useT();
  const { vault } = useVault();
  // Follows a PIN added from the offer beside pairing with an advocate, on this same page.
  const hasPin = useHasPin(vault);
  const [mode, setMode] = useState<Mode>('idle');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const reset = (next: Mode) => {
    setMode(next);
    setError(null);
    setDone(null);
  };

  const finished = (message: string) => {
    reset('idle');
    setDone(message);
  };

  const remove = async () => {
    setBusy(true);
    try {
      await changePin(vault, null);
      finished(t('settings.pinRemoved'));
    } catch (err) {
      console.error('Could not remove the PIN:', err);
      setError(t('settings.pinFailed'));
    } finally {
      setBusy(false);
    }
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

      {mode === 'set' ? <PinSetForm hasPin={hasPin} onDone={finished} onCancel={() => reset('idle')} /> : null}

      {mode === 'remove' ? (
        <div className="stack">
          <p>{t('settings.pinRemoveWarning')}</p>
          {error ? <p role="alert">{error}</p> : null}
          <div className="settings-actions">
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => void remove()}>
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
