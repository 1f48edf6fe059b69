import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { useConsoleCall } from './use-console';
import { useAction } from './use-action';
import { Outcome } from './outcome';

/** A test e-mail through the server's mail settings, to an address the operator types; the answer in words. */
export function TestEmailForm() {
  const t = useT();
  const id = useId();
  const call = useConsoleCall();
  const { busy, error, notice, run } = useAction();
  const [to, setTo] = useState('');

  const send = async (e: FormEvent) => {
    e.preventDefault();
    await run(() => call<{ sent: boolean }>('POST', '/test-email', { to: to.trim() }), t('operator.testSent'), {
      mailFailed: (reason) => t('operator.testFailed', { reason }),
    });
  };

  return (
    <form className="card stack" onSubmit={(e) => void send(e)} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('operator.testHeading')}</h3>
      <label className="label" htmlFor={`${id}-to`}>
        {t('operator.testLabel')}
      </label>
      <input id={`${id}-to`} className="input" type="email" autoComplete="off" required value={to} onChange={(e) => setTo(e.target.value)} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('operator.working') : t('operator.testSend')}
      </button>
      <Outcome error={error} notice={notice} />
    </form>
  );
}
