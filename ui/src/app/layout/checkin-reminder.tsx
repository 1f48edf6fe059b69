import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuth } from '../../providers/auth';
import { loadCheckinEnd, REMIND_BEFORE_MS, useCheckinEnd } from '../../lib/checkin-end';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/route-paths';

/**
 * The reminder before her check-in runs out, on every screen of the signed-in, unlocked app (this frame), so
 * never on a locked or signed-out screen nor a disguise. The check-in screen shows its own.
 */
export function CheckinReminder() {
  const t = useT();
  const token = useAuth().session?.access_token;
  const { pathname } = useLocation();
  const end = useCheckinEnd();
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!token) return;
    // Quiet on failure: the check-in screen says when the server cannot be reached. Offline, not even tried
    // (a failed request is an error in the browser's console); asked when the network is back.
    const load = () => void loadCheckinEnd(token).catch(() => undefined);
    if (navigator.onLine) load();
    else window.addEventListener('online', load, { once: true });
    return () => window.removeEventListener('online', load);
  }, [token]);

  useEffect(() => {
    if (end === null) return;
    const left = end - Date.now();
    // Wake when the reminder is due, then once a second while it shows.
    const tick = left > REMIND_BEFORE_MS ? setTimeout(() => setNow(Date.now()), left - REMIND_BEFORE_MS) : setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearTimeout(tick);
      clearInterval(tick);
    };
  }, [end, now]);

  if (end === null || end - now > REMIND_BEFORE_MS || pathname === PATHS.checkin) return null;
  return (
    <div className="checkin-reminder" role="alert">
      <p>{t('layout.checkinReminder', { minutes: REMIND_BEFORE_MS / 60_000 })}</p>
      <Link to={PATHS.checkin}>{t('layout.checkinReminderLink')}</Link>
    </div>
  );
}
