import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '../../providers/auth';
import { CodeInput } from '../../components/code-input';
import { useT } from '../../lib/i18n';
import './staff-sign-in.css';

type Pending = { id: string; qr: string; secret: string };

/** auth-js hands the QR code over as an SVG data: URI; shown as an image, in which no script runs. */
function qrImageSource(qrCode: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCode.slice(qrCode.indexOf(',') + 1))}`;
}

type Props = {
  /** Why the area asks for it, in its own words. */
  intro: string;
  /** The name the authenticator app shows for this account's entry. */
  friendlyName: string;
  onDone: () => void;
};

/**
 * Required before a staff area shows anything (the server answers `two_step_needed` until then): an
 * authenticator app, confirmed with its first code, which also lifts this session to the second step.
 */
export function TwoStepSetup({ intro, friendlyName, onDone }: Props) {
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
      const { data, error: refused } = await client.mfa.enroll({ factorType: 'totp', friendlyName });
      if (refused || !data || data.type !== 'totp') return setError(t('staffSignIn.twoStepFailed'));
      setPending({ id: data.id, qr: qrImageSource(data.totp.qr_code), secret: data.totp.secret });
    } catch {
      setError(t('staffSignIn.twoStepFailed'));
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
      if (refused) return setError(t('staffSignIn.codeRefused'));
      onDone();
    } catch {
      setError(t('staffSignIn.codeRefused'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('staffSignIn.twoStepHeading')}</h2>
      <p>{intro}</p>
      {pending ? (
        <form className="stack" onSubmit={(e) => void confirm(e)}>
          <p>{t('staffSignIn.twoStepScan')}</p>
          <img className="staff-sign-in-qr" src={pending.qr} alt={t('staffSignIn.twoStepQr')} width={200} height={200} />
          <p>
            {t('staffSignIn.twoStepCannotScan')}{' '}
            <code aria-label={t('staffSignIn.twoStepKey')}>{pending.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <label className="label" htmlFor={`${id}-code`}>
            {t('staffSignIn.twoStepCode')}
          </label>
          <CodeInput id={`${id}-code`} value={code} onChange={setCode} />
          {error ? <p role="alert">{error}</p> : null}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('staffSignIn.twoStepConfirm')}
          </button>
        </form>
      ) : (
        <>
          {error ? <p role="alert">{error}</p> : null}
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void start()}>
            {t('staffSignIn.twoStepStart')}
          </button>
        </>
      )}
    </section>
  );
}
