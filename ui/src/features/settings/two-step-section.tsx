import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { useAuth } from '../../providers/auth';
import { useLanguage, useT } from '../../lib/i18n';
import { codeProblemKey } from '../../lib/server-problem';
import type { Factor } from '../../lib/two-step';
import './two-step-section.css';
import { CodeInput } from '../../components/code-input';
import { formatDateTime } from '../../lib/dates';

type Pending = { id: string; qr: string; secret: string };

/** The QR code auth-js hands over is an SVG in a data: URI; it is shown as an image (no script runs in one). */
function qrImageSource(qrCode: string): string {
  const svg = qrCode.slice(qrCode.indexOf(',') + 1);
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The key in groups of four, easier to copy by hand; the app ignores the spaces. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/**
 * 'Two-step sign-in' in Settings: add an authenticator app (a QR code drawn by the server, the key as text,
 * then a first code to confirm it), see which are set up, remove one. All through auth-js's mfa.* calls.
 */
export function TwoStepSection() {
  const t = useT();
  const { lang } = useLanguage();
  const id = useId();
  const config = useAppConfig();
  const { session, authClient } = useAuth();
  const [factors, setFactors] = useState<Factor[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reload = useCallback(async () => {
    const client = await authClient();
    const { data } = await client.mfa.listFactors();
    setFactors((data?.all ?? []) as Factor[]);
  }, [authClient]);

  useEffect(() => {
    if (session) void reload().catch(() => undefined);
  }, [session, reload]);

  // An external GoTrue may not offer it; the embedded service does.
  if (!session || config.auth.url !== null) return null;
  const verified = factors.filter((f) => f.status === 'verified');

  const start = async () => {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const client = await authClient();
      // A half-finished earlier try would block a new one; it was never confirmed, so it can go.
      for (const f of factors.filter((f) => f.status !== 'verified')) await client.mfa.unenroll({ factorId: f.id });
      const { data, error: refused } = await client.mfa.enroll({
        factorType: 'totp',
        friendlyName: t('settings.twoStepFactorName', { when: formatDateTime(new Date(), lang) }),
      });
      if (refused || !data || data.type !== 'totp') {
        setError(t('settings.twoStepAddFailed'));
        return;
      }
      setPending({ id: data.id, qr: qrImageSource(data.totp.qr_code), secret: data.totp.secret });
    } catch {
      setError(t('settings.twoStepAddFailed'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    setError(null);
    setBusy(true);
    try {
      const client = await authClient();
      const { error: refused } = await client.mfa.challengeAndVerify({ factorId: pending.id, code: code.trim() });
      if (refused) {
        setError(t(codeProblemKey(refused)));
        return;
      }
      setPending(null);
      setCode('');
      setNotice(t('settings.twoStepOn'));
      await reload();
    } catch {
      setError(t(codeProblemKey(null)));
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (pending) {
      const client = await authClient();
      await client.mfa.unenroll({ factorId: pending.id }).catch(() => undefined);
    }
    setPending(null);
    setCode('');
    setError(null);
    await reload().catch(() => undefined);
  };

  const remove = async (factorId: string) => {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const client = await authClient();
      const { error: refused } = await client.mfa.unenroll({ factorId });
      if (refused) {
        setError(t('settings.twoStepRemoveFailed'));
        return;
      }
      // A fresh token says the session no longer has a second step to keep.
      await client.refreshSession();
      setNotice(t('settings.twoStepRemoved'));
      await reload();
    } catch {
      setError(t('settings.twoStepRemoveFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="settings-heading">
        {t('settings.twoStepHeading')}
      </h2>
      <p>{t('settings.twoStepIntro')}</p>
      {verified.length > 0 ? (
        <ul className="two-step-list" aria-label={t('settings.twoStepList')}>
          {verified.map((f) => (
            <li key={f.id}>
              <span>{f.friendly_name ?? t('settings.twoStepAppName')}</span>
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void remove(f.id)}>
                {t('settings.twoStepRemove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {notice ? <p role="status">{notice}</p> : null}
      {error && !pending ? (
        <p role="alert" className="settings-warning">
          {error}
        </p>
      ) : null}

      {pending ? (
        <form className="stack" onSubmit={(e) => void confirm(e)}>
          <p>{t('settings.twoStepScan')}</p>
          <img className="two-step-qr" src={pending.qr} alt={t('settings.twoStepQr')} width={200} height={200} />
          <p>
            {t('settings.twoStepCannotScan')}{' '}
            <code className="two-step-secret" aria-label={t('settings.twoStepKey')}>
              {grouped(pending.secret)}
            </code>
          </p>
          <div>
            <label className="label" htmlFor={`${id}-code`}>
              {t('settings.twoStepCode')}
            </label>
            <CodeInput id={`${id}-code`} value={code} onChange={setCode} describedBy={error ? `${id}-err` : undefined} />
          </div>
          {error ? (
            <p id={`${id}-err`} role="alert" className="settings-warning">
              {error}
            </p>
          ) : null}
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('settings.twoStepTurnOn')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void cancel()}>
              {t('settings.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="settings-actions">
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void start()}>
            {verified.length > 0 ? t('settings.twoStepAddAnother') : t('settings.twoStepAdd')}
          </button>
        </div>
      )}
    </section>
  );
}
