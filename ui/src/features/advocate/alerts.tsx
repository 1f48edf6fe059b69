import { useCallback, useEffect, useId, useState } from 'react';
import { advocateApi } from '../../lib/advocates/api';
import { decodeCheckinNote } from '../../lib/advocates/checkin-note';
import { fromBase64, openSealed } from '../../lib/advocates/sealing';
import { useLanguage, useT } from '../../lib/i18n';
import { formatDateTime } from '../../lib/dates';

/** `GET /api/advocate/alerts`: a check-in alert, her note still sealed to this advocate's key. */
type Alert = { id: string; survivor_id: string; known_as: string; kind: 'overdue' | 'duress' | 'stopped' | 'late' | 'test'; sealed: string; created_at: number };

/** How often an open page asks for new alerts: an alert fires on the server's timer, not on a click here. */
const LOOK_EVERY_MS = 10_000;

const KIND_TEXT: Record<Alert['kind'], string> = {
  overdue: 'advocate.alertOverdue',
  duress: 'advocate.alertDuress',
  stopped: 'advocate.alertStopped',
  late: 'advocate.alertLate',
  test: 'advocate.alertTest',
};

/**
 * Check-in alerts from the people paired with this advocate (docs/checkin.md): who, which kind, when; her note is
 * opened here with the key already unlocked in this page's memory, and the advocate dismisses an alert when done.
 */
export function Alerts({ token, unlockedKey }: { token: string; unlockedKey: CryptoKey | null }) {
  const t = useT();
  const { lang } = useLanguage();
  const id = useId();
  const [alerts, setAlerts] = useState<Alert[]>([]);
  // Where else an alert reaches this advocate: their e-mail address, or null when the server sends none.
  const [emailTo, setEmailTo] = useState<string | null | undefined>(undefined);
  const [notes, setNotes] = useState<Record<string, string | null>>({});
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    const { alerts: list, email_to } = await advocateApi<{ alerts: Alert[]; email_to: string | null }>(
      token,
      'GET',
      '/advocate/alerts',
    );
    setAlerts(list);
    setEmailTo(email_to);
    setError(null);
  }, [token]);

  useEffect(() => {
    const look = () => void load().catch(() => setError(t('advocate.loadFailed')));
    look();
    const every = setInterval(look, LOOK_EVERY_MS);
    return () => clearInterval(every);
  }, [load, t]);

  // Her notes open as soon as the key is unlocked: they are short, and an alert is why the advocate is here.
  useEffect(() => {
    if (!unlockedKey) return;
    const waiting = alerts.filter((a) => notes[a.id] === undefined);
    if (waiting.length === 0) return;
    let live = true;
    void Promise.all(
      waiting.map(async (a) => {
        try {
          return [a.id, decodeCheckinNote(await openSealed(unlockedKey, fromBase64(a.sealed), 'checkin-note'))] as const;
        } catch {
          return [a.id, null] as const;
        }
      }),
    ).then((opened) => {
      if (!live) return;
      setNotes((old) => {
        const next: Record<string, string | null> = { ...old };
        for (const [alertId, note] of opened) next[alertId] = note;
        return next;
      });
    });
    return () => {
      live = false;
    };
  }, [alerts, notes, unlockedKey]);

  const dismiss = async (alertId: string) => {
    try {
      await advocateApi(token, 'DELETE', `/advocate/alerts/${encodeURIComponent(alertId)}`);
      setAlerts((old) => old.filter((a) => a.id !== alertId));
    } catch {
      setError(t('advocate.dismissFailed'));
    }
  };

  const when = (ms: number) => formatDateTime(ms, lang);
  const noteText = (alertId: string) => {
    const note = notes[alertId];
    if (!unlockedKey || note === undefined) return <p>{t('advocate.alertLocked')}</p>;
    if (note === null) return <p>{t('advocate.alertUnreadable')}</p>;
    return note ? <blockquote className="advocate-alert-note">{note}</blockquote> : <p>{t('advocate.alertNoNote')}</p>;
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('advocate.alertsHeading')}</h2>
      {emailTo === undefined ? null : <p>{emailTo ? t('advocate.alertsReachEmail', { email: emailTo }) : t('advocate.alertsReachHere')}</p>}
      <button type="button" className="btn btn-secondary" onClick={() => void load().catch(() => setError(t('advocate.loadFailed')))}>
        {t('advocate.alertsRefresh')}
      </button>
      {error ? <p role="alert">{error}</p> : null}
      {alerts.length === 0 ? (
        <p>{t('advocate.alertsNone')}</p>
      ) : (
        <ul className="advocate-alerts" aria-labelledby={`${id}-h`}>
          {alerts.map((a) => (
            <li key={a.id} className={`advocate-alert advocate-alert-${a.kind}`} aria-label={a.known_as}>
              <h3>{a.known_as}</h3>
              <p>
                {t(KIND_TEXT[a.kind])} <span>{t('advocate.alertWhen', { time: when(a.created_at) })}</span>
              </p>
              {noteText(a.id)}
              <button type="button" className="btn btn-secondary" onClick={() => void dismiss(a.id)}>
                {t('advocate.alertDismiss')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {alerts.length > 0 && alerts.some((a) => a.kind !== 'test') ? <p>{t('advocate.alertsWhatToDo')}</p> : null}
    </section>
  );
}
