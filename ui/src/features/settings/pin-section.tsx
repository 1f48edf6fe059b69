import { useId, useState, type FormEvent } from 'react';
import { MAX_PIN_TRIES, PinInput, useVault } from '../../lib/vault';

const PIN_PATTERN = /^\d{4,12}$/;

type Mode = 'idle' | 'set' | 'remove';

/**
 * An optional PIN for the private space, for when someone else knows her password. Setting, changing or
 * removing it re-wraps the key of her records on this device; the records themselves stay as they are.
 */
export function PinSection() {
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
      setError('The PIN could not be changed. Nothing was changed; please try again.');
    } finally {
      setBusy(false);
    }
  };

  const onSet = (e: FormEvent) => {
    e.preventDefault();
    if (!PIN_PATTERN.test(pin)) {
      setError('Use 4 to 12 digits.');
      return;
    }
    if (pin !== again) {
      setError('The two PINs are not the same.');
      return;
    }
    void apply(pin, hasPin ? 'Your new PIN is set.' : 'Your PIN is set. You will be asked for it after you sign in.');
  };

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="settings-heading">
        PIN for your private space
      </h2>
      <p>
        If someone else might know your password, a PIN adds a second lock. It is asked after you sign in and
        each time the page is loaded again. After {MAX_PIN_TRIES} wrong tries you are signed out.
      </p>
      {done ? <p role="status">{done}</p> : null}

      {mode === 'idle' ? (
        <div className="settings-actions">
          <button type="button" className="btn btn-secondary" onClick={() => reset('set')}>
            {hasPin ? 'Change PIN' : 'Set a PIN'}
          </button>
          {hasPin ? (
            <button type="button" className="btn btn-secondary" onClick={() => reset('remove')}>
              Remove PIN
            </button>
          ) : null}
        </div>
      ) : null}

      {mode === 'set' ? (
        <form className="stack" onSubmit={onSet}>
          <p className="settings-warning" id={`${id}-warning`}>
            <strong>Please keep your PIN safe.</strong> If you forget it, your journal, safety plan and mood
            history on this device cannot be opened again, by you or by anyone else. There is no way to recover
            it.
          </p>
          <div>
            <label className="label" htmlFor={`${id}-pin`}>
              {hasPin ? 'New PIN (4 to 12 digits)' : 'PIN (4 to 12 digits)'}
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
              Type the PIN again
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
              Save PIN
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => reset('idle')}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}

      {mode === 'remove' ? (
        <div className="stack">
          <p>Without a PIN, anyone who signs in with your password can read your entries on this device.</p>
          {error ? <p role="alert">{error}</p> : null}
          <div className="settings-actions">
            <button
              type="button"
              className="btn btn-danger"
              disabled={busy}
              onClick={() => void apply(null, 'Your PIN is removed.')}
            >
              Remove PIN
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => reset('idle')}>
              Keep PIN
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
