import { useT } from '../../lib/i18n';
import { PinInput } from '../../components/vault';

type Props = { id: string; pin: string; onPin(pin: string): void; error: string | null; busy: boolean };

/** Her PIN and 'Check in now', the same before and after the alarm (the screen looks alike either way). */
export function CheckInPin({ id, pin, onPin, error, busy }: Props) {
  const t = useT();
  return (
    <>
      <div>
        <label className="label" htmlFor={`${id}-pin`}>
          {t('checkin.pinForAction')}
        </label>
        <PinInput id={`${id}-pin`} value={pin} onChange={(e) => onPin(e.target.value)} />
      </div>
      {error ? <p role="alert">{error}</p> : null}
      <div className="checkin-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('checkin.end')}
        </button>
      </div>
    </>
  );
}
