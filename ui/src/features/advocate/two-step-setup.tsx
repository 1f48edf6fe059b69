import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../providers/auth';
import { CodeInput } from '../../components/code-input';
import { useT } from '../../lib/i18n';

type Pending = { id: string; qr: string; secret: string };

/** auth-js hands the QR code over as an SVG data: URI; shown as an image, in which no script runs. */
function qrImageSource(qrCode: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.slice(qrCode.indexOf(',') + 1))}`;
}

/**
 * Required before an advocate sees anything (the server answers `two_step_needed` until then): an
 * authenticator app, confirmed with its first code, which also lifts this session to the second step.
 */
export function TwoStepSetup({ onDone }: { onDone: () => void }) {
  const t = useT();
  const id = useId();
  const { authClient } = useAuth();
  const [pending, setPending] = useState<Pending | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const client = await authClient();
      const { data: listed } = await client.mfa.listFactors();
      // A half-finished earlier try would block a new one; it was never confirmed, so it can go.
      for (const f of listed?.all ?? []) if (f.status !== 'verified') await client.mfa.unenroll({ factorId: f.id });
      const { data, error: refused } = await client.mfa.enroll({ factorType: 'totp', friendlyName: 'Advocate' });
      if (refused || !data || data.type !== 'totp') return setError(t('advocate.twoStepFailed'));
      setPending({ id: data.id, qr: qrImageSource(data.totp.qr_code), secret: data.totp.secret });
    } catch {
      setError(t('advocate.twoStepFailed'));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const client = await authClient();
      const { error: refused } = await client.mfa.challengeAndVerify({ factorId: pending.id, code: code.replace(/\s/g, '') });
      if (refused) return setError(t('advocate.codeRefused'));
      onDone();
    } catch {
      setError(t('advocate.codeRefused'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('advocate.twoStepHeading')}</h2>
      <p>{t('advocate.twoStepIntro')}</p>
      {pending ? (
        <form className="stack" onSubmit={(e) => void confirm(e)}>
          <p>{t('advocate.twoStepScan')}</p>
          <img className="advocate-qr" src={pending.qr} alt={t('advocate.twoStepQr')} width={200} height={200} />
          <p>
            {t('advocate.twoStepCannotScan')}{' '}
            <code aria-label={t('advocate.twoStepKey')}>{pending.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <label className="label" htmlFor={`${id}-code`}>
            {t('advocate.twoStepCode')}
          </label>
          <CodeInput id={`${id}-code`} value={code} onChange={setCode} />
          {error ? <p role="alert">{error}</p> : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('advocate.twoStepConfirm')}
          </button>
        </form>
      ) : (
        <>
          {error ? <p role="alert">{error}</p> : null}
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
            {t('advocate.twoStepStart')}
          </button>
        </>
      )}
    </section>
  );
}
