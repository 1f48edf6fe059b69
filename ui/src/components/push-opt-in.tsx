import { useEffect, useId, useState } from 'react';
import { useLanguage, useT } from '../lib/i18n';
import { disablePush, enablePush, pushState, type PushState } from '../lib/web-push';

/**
 * Notifications on this device, opt-in (docs/checkin.md, "Web Push"): a plain explanation, one button. Nothing
 * shows when the browser or the server cannot send them.
 */
export function PushOptIn({ token, explanation }: { token: string; explanation: string }) {
  const t = useT();
  const { lang } = useLanguage();
  const id = useId();
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    pushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  if (state === null || state === 'server-off' || state === 'unsupported') return null;

  const change = async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      setState(on ? await enablePush(token, lang) : await disablePush(token));
    } catch (err) {
      console.error('Notifications could not be changed:', err);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('common.pushHeading')}</h2>
      <p>{explanation}</p>
      {state === 'on' ? <p role="status">{t('common.pushOn')}</p> : null}
      {state === 'blocked' ? <p>{t('common.pushBlocked')}</p> : null}
      {failed ? <p role="alert">{t('common.pushFailed')}</p> : null}
      {state === 'off' ? (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void change(true)}>
          {t('common.pushEnable')}
        </button>
      ) : null}
      {state === 'on' ? (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void change(false)}>
          {t('common.pushDisable')}
        </button>
      ) : null}
    </section>
  );
}
