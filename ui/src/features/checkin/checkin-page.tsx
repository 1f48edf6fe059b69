import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../providers/auth';
import { useT } from '../../lib/i18n';
import { setCheckinEnd } from '../../lib/checkin-end';
import { PushOptIn } from '../../components/push-opt-in';
import { PATHS } from '../../lib/route-paths';
import { PinOffer } from '../../components/vault';
import { fetchStatus, type Status, type Told } from './checkin-client';
import { AlarmView, LateDone } from './late-view';
import { RunningView } from './running-view';
import { StartForm } from './start-form';
import './checkin.css';

/** How long after her check-in's end (and between looks) the screen asks the server whether its alarm went. */
const LOOK_AGAIN_MS = 3_000;

/**
 * 'Check in with me' (docs/checkin.md): a timer the server keeps. Shown only inside the signed-in, unlocked
 * app, so nothing of a check-in appears on a locked or signed-out screen.
 */
export default function CheckinPage() {
  const t = useT();
  const token = useAuth().session?.access_token ?? '';
  const [status, setStatus] = useState<Status | null>(null);
  // Server clock minus this device's, so the time left is the server's.
  const [skew, setSkew] = useState(0);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // Her late check-in's answer: who is being told she checked in.
  const [late, setLate] = useState<Told[] | null>(null);

  const load = useCallback(async () => {
    try {
      const s = await fetchStatus(token);
      setSkew(s.now - Date.now());
      setStatus(s);
      setCheckinEnd(s.checkin ? s.checkin.ends_at - (s.now - Date.now()) : null);
      setFailed(false);
    } catch (err) {
      console.error('Could not load the check-in:', err);
      setFailed(true);
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  // Once its time is up, the screen asks again (a few seconds after the end, then every few seconds) until
  // the server's timer has raised the alarm, so she sees it went and can still check in late.
  const endsAt = status?.checkin?.ends_at;
  useEffect(() => {
    if (endsAt === undefined) return;
    const wait = Math.max(endsAt - (Date.now() + skew), 0) + LOOK_AGAIN_MS;
    const again = setTimeout(() => void load(), Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(again);
  }, [endsAt, skew, load, status]);

  const changed = (note: string) => {
    setMessage(note);
    setLate(null);
    void load();
  };

  const answered = (told: Told[]) => {
    setMessage(null);
    setLate(told);
    void load();
  };

  return (
    <div className="page checkin">
      <h1 className="page-title">{t('checkin.title')}</h1>
      <p className="page-subtitle">{t('checkin.subtitle')}</p>
      {message ? <p role="status">{message}</p> : null}
      {failed ? <p role="alert">{t('checkin.failed')}</p> : null}
      {!status && !failed ? <p>{t('checkin.loading')}</p> : null}
      {late ? <LateDone token={token} told={late} /> : null}
      {status?.checkin ? (
        <RunningView token={token} running={status.checkin} skew={skew} onChange={changed} onLate={answered} />
      ) : null}
      {status?.alarm && !status.checkin && !late ? (
        <AlarmView token={token} alarm={status.alarm} onAnswered={answered} />
      ) : null}
      {status && !status.checkin ? (
        <>
          <PinOffer />
          <StartForm token={token} status={status} onStarted={() => changed(t('checkin.started'))} />
        </>
      ) : null}
      {status ? <PushOptIn token={token} explanation={t('checkin.pushExplain')} /> : null}
      <p>
        <Link to={PATHS.stayingSafe}>{t('checkin.stayingSafeLink')}</Link>
      </p>
    </div>
  );
}
