import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { useT } from '../../lib/i18n';
import { setCheckinEnd } from '../../lib/checkin-end';
import { PushOptIn } from '../../lib/push-opt-in';
import { PATHS } from '../../lib/route-paths';
import { PinOffer } from '../../lib/vault';
import { fetchStatus, type Status } from './checkin-client';
import { RunningView } from './running-view';
import { StartForm } from './start-form';
import './checkin.css';

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

  const changed = (note: string) => {
    setMessage(note);
    void load();
  };

  return (
    <div className="page checkin">
      <h1 className="page-title">{t('checkin.title')}</h1>
      <p className="page-subtitle">{t('checkin.subtitle')}</p>
      {message ? <p role="status">{message}</p> : null}
      {failed ? <p role="alert">{t('checkin.failed')}</p> : null}
      {!status && !failed ? <p>{t('checkin.loading')}</p> : null}
      {status?.checkin ? (
        <RunningView token={token} running={status.checkin} skew={skew} onChange={changed} />
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
