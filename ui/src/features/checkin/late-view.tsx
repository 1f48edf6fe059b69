import { useId, useState } from 'react';
import { useMyAdvocates } from '../../lib/advocates/my-advocates';
import { useLanguage, useT } from '../../lib/i18n';
import { formatDateTime } from '../../lib/dates';
import { CheckinError, endCheckin, type Alarm, type Told } from './checkin-client';
import { CheckInPin } from './check-in-pin';
import { errorText } from './error-text';

/** Who her alarm reached and when, each in her words: an address as she typed it, an advocate by name. */
function ToldList({ token, told }: { token: string; told: Told[] }) {
  const t = useT();
  const { lang } = useLanguage();
  const advocates = useMyAdvocates(token) ?? [];
  return (
    <ul>
      {told.map((x) => {
        const who =
          x.channel === 'email' ? x.to : (advocates.find((a) => a.id === x.to)?.name ?? t('checkin.yourAdvocate'));
        return <li key={`${x.channel}:${x.to}`}>{t('checkin.toldAt', { who, time: formatDateTime(x.told_at, lang) })}</li>;
      })}
    </ul>
  );
}

type AlarmProps = { token: string; alarm: Alarm; onAnswered(told: Told[]): void };

/**
 * Her check-in ran out and its alarm went (docs/checkin.md, "Checking in late"): who was told and when, and her
 * PIN to say she is safe after all. The duress PIN gets the very same answer here.
 */
export function AlarmView({ token, alarm, onAnswered }: AlarmProps) {
  const t = useT();
  const id = useId();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await endCheckin(token, pin);
      onAnswered(answer?.told ?? []);
    } catch (err) {
      setError(errorText(t, err));
      if (!(err instanceof CheckinError)) console.error('Late check-in failed:', err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('checkin.timeLeft')}</h2>
      <p role="alert">{t('checkin.alarmWent')}</p>
      {alarm.told.length > 0 ? <ToldList token={token} told={alarm.told} /> : <p>{t('checkin.alarmNobodyYet')}</p>}
      <form className="stack" onSubmit={(e) => void submit(e)}>
        <CheckInPin id={id} pin={pin} onPin={setPin} error={error} busy={busy} />
      </form>
    </section>
  );
}

/** After her late check-in: who is being told she checked in, with when each was told of the alarm. */
export function LateDone({ token, told }: { token: string; told: Told[] }) {
  const t = useT();
  return (
    <section className="card stack" role="status">
      <p>{t('checkin.lateDone')}</p>
      <ToldList token={token} told={told} />
      <p>{t('checkin.lateUnsent')}</p>
    </section>
  );
}
