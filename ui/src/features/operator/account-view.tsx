import { useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { sizeText } from '../../lib/sizes';
import { useConsoleCall, useMoment } from './use-console';
import { useAction } from './use-action';
import { Outcome } from './outcome';
import { ShownOnce } from './shown-once';
import { ConfirmDialog } from './confirm-dialog';
import type { Account } from './types';

type Props = {
  account: Account;
  /** The account as it is after an action; null once deleted. */
  onChange: (account: Account | null) => void;
};

/** One account's facts (never anything she wrote) and what an operator may do to it. */
export function AccountView({ account, onChange }: Props) {
  const t = useT();
  const id = useId();
  const call = useConsoleCall();
  const moment = useMoment();
  const { busy, error, notice, run } = useAction();
  const [link, setLink] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const yesNo = (value: boolean) => (value ? t('operator.yes') : t('operator.no'));
  const base = `/accounts/${encodeURIComponent(account.id)}`;

  const post = async (action: string, done: string, changed: Partial<Account>) => {
    setLink(null);
    const ok = await run(() => call<void>('POST', `${base}/${action}`).then(() => true), done);
    if (ok) onChange({ ...account, ...changed });
  };

  const recovery = async () => {
    setLink(null);
    const made = await run(() => call<{ link: string }>('POST', `${base}/recovery-link`));
    if (made) setLink(made.link);
  };

  const remove = async () => {
    setConfirming(false);
    const ok = await run(() => call<void>('DELETE', base).then(() => true));
    if (ok) onChange(null);
  };

  const facts: [string, string][] = [
    [t('operator.made'), moment(account.created_at)],
    [t('operator.lastSignIn'), moment(account.last_sign_in_at)],
    [t('operator.twoStep'), yesNo(account.two_step)],
    [t('operator.copySize'), sizeText(account.copy_bytes)],
    [t('operator.checkinRunning'), yesNo(account.checkin_running)],
    [t('operator.pairedAdvocates'), String(account.advocates)],
    [t('operator.disabled'), yesNo(account.disabled)],
  ];

  return (
    <section className="card stack" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>{t('operator.accountHeading')}</h3>
      <dl className="console-facts">
        {facts.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h4>{t('operator.actionsHeading')}</h4>
      <div className="console-actions">
        {account.disabled ? (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void post('enable', t('operator.enabledDone'), { disabled: false })}>
            {t('operator.enable')}
          </button>
        ) : (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void post('disable', t('operator.disabledDone'), { disabled: true })}>
            {t('operator.disable')}
          </button>
        )}
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void recovery()}>
          {t('operator.recoveryLink')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void post('remove-factors', t('operator.factorsRemovedDone'), { two_step: false })}>
          {t('operator.removeFactors')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void post('sign-out', t('operator.signedOutDone'), {})}>
          {t('operator.signOutEverywhere')}
        </button>
        <button type="button" className="btn btn-danger" disabled={busy} onClick={() => setConfirming(true)}>
          {t('operator.delete')}
        </button>
      </div>
      <Outcome error={error} notice={notice} />
      {link ? <ShownOnce heading={t('operator.recoveryHeading')} link={link} /> : null}
      {confirming ? (
        <ConfirmDialog
          title={t('operator.deleteHeading')}
          confirmLabel={t('operator.deleteConfirm')}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('operator.deleteWarn')}</p>
          <p className="console-warning">
            {account.checkin_running ? t('operator.deleteCheckinRunning') : t('operator.deleteCheckinRule')}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
