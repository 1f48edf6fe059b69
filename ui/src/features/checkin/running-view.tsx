import { useEffect, useId, useState } from 'react';
import { useMyAdvocates } from '../../lib/advocates/my-advocates';
import { useT } from '../../lib/i18n';
import { CheckinError, endCheckin, extendCheckin, type Running, type Told } from './checkin-client';
import { CheckInPin } from './check-in-pin';
import { errorText } from './error-text';
import { formatTimeLeft, REMIND_MS } from './time-left';

type Props = {
  token: string;
  running: Running;
  skew: number;
  onChange(message: string): void;
  /** Her PIN came after the alarm had gone: those it reached are being told she checked in, late. */
  onLate(told: Told[]): void;
};

/** Her running check-in: time left, a reminder near the end, adding time and checking in with her PIN. */
export function RunningView({ token, running, skew, onChange, onLate }: Props) {
  const t = useT();
  const id = useId();
  const advocates = useMyAdvocates(token) ?? [];
  const [now, setNow] = useState(() => Date.now() + skew);
  const [pin, setPin] = useState('');
  const [minutes, setMinutes] = useState('30');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now() + skew), 1000);
    return () => clearInterval(tick);
  }, [skew]);

  const left = running.ends_at - now;
  const advocateNames = running.advocates.flatMap((a) => advocates.find((x) => x.id === a)?.name ?? []);

  const act = async (e: { preventDefault(): void }, what: 'extend' | 'end') => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (what === 'end') {
        const late = await endCheckin(token, pin);
        if (late) onLate(late.told);
        else onChange(t('checkin.ended'));
      } else {
        await extendCheckin(token, pin, Number(minutes));
        setPin('');
        onChange(t('checkin.extended'));
      }
    } catch (err) {
      setError(errorText(t, err));
      if (!(err instanceof CheckinError)) console.error('Check-in request failed:', err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('checkin.timeLeft')}</h2>
      <p className="checkin-clock" aria-live="off">
        {formatTimeLeft(left)}
      </p>
      {left <= 0 ? (
        <p role="alert">{t('checkin.overdue')}</p>
      ) : left <= REMIND_MS ? (
        <p role="alert">{t('checkin.reminder', { minutes: REMIND_MS / 60_000 })}</p>
      ) : null}
      <p>{t('checkin.whoIsTold', { list: [...advocateNames, ...running.recipients].join(', ') })}</p>
      {running.note ? <p>{t('checkin.yourNote', { note: running.note })}</p> : null}
      <form className="stack" onSubmit={(e) => void act(e, 'end')}>
        <CheckInPin id={id} pin={pin} onPin={setPin} error={error} busy={busy} />
        <div>
          <label className="label" htmlFor={`${id}-more`}>
            {t('checkin.extendMinutes')}
          </label>
          <input
            autoComplete="off"
            id={`${id}-more`}
            className="input"
            type="number"
            min={1}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
          />
        </div>
        <div className="checkin-actions">
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={(e) => void act(e, 'extend')}>
            {t('checkin.extend')}
          </button>
        </div>
      </form>
    </section>
  );
}
