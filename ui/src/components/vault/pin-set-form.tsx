import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { PinInput } from './pin-input';
import { changePin } from '../../lib/vault/pin-state';
import { useVault } from '../../lib/vault/vault-context';

const PIN_PATTERN = /^\d{4,12}$/;

type Props = {
  /** Whether this device has a PIN now (the form then sets a new one). */
  hasPin: boolean;
  /** The PIN is set; `message` says so in her words. */
  onDone(message: string): void;
  onCancel(): void;
};

/**
 * Setting (or changing) the PIN of her private space on this device, with the warning that a forgotten PIN
 * cannot be recovered: in Settings, and right where a PIN is offered (pin-offer.tsx).
 */
export function PinSetForm({ hasPin, onDone, onCancel }: Props) {
  const t = useT();
  const { vault } = useVault();
  const id = useId();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!PIN_PATTERN.test(pin)) return setError(t('vault.setDigits'));
    if (pin !== again) return setError(t('vault.setMismatch'));
    setBusy(true);
    setError(null);
    try {
      await changePin(vault, pin);
      onDone(hasPin ? t('vault.setNewDone') : t('vault.setDone'));
    } catch (err) {
      console.error('Could not set the PIN:', err);
      setError(t('vault.setFailed'));
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={(e) => void onSubmit(e)}>
      <p className="vault-warning" id={`${id}-warning`}>
        <strong>{t('vault.setWarningLead')}</strong> {t('vault.setWarning')}
      </p>
      <div>
        <label className="label" htmlFor={`${id}-pin`}>
          {hasPin ? t('vault.setNewLabel') : t('vault.setLabel')}
        </label>
        <PinInput id={`${id}-pin`} value={pin} onChange={(e) => setPin(e.target.value)} aria-describedby={`${id}-warning`} />
      </div>
      <div>
        <label className="label" htmlFor={`${id}-again`}>
          {t('vault.setAgain')}
        </label>
        <PinInput id={`${id}-again`} value={again} onChange={(e) => setAgain(e.target.value)} />
      </div>
      {error ? <p role="alert">{error}</p> : null}
      <div className="vault-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {t('vault.setSave')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('vault.setCancel')}
        </button>
      </div>
    </form>
  );
}
