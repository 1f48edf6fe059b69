import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { useConsoleCall } from './use-console';
import { useAction } from './use-action';
import { Outcome } from './outcome';
import { AccountView } from './account-view';
import type { Account } from './types';

/**
 * Finding one survivor's account by what she signs in with, typed in full: the server matches it exactly and
 * never lists accounts, so nobody browses survivors' addresses here.
 */
export function AccountsPanel() {
  const t = useT();
  const id = useId();
  const call = useConsoleCall();
  const { busy, error, notice, run } = useAction();
  const [find, setFind] = useState('');
  const [account, setAccount] = useState<Account | null>(null);
  const [deleted, setDeleted] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAccount(null);
    setDeleted(false);
    const found = await run(
      () => call<{ account: Account }>('GET', `/accounts?find=${encodeURIComponent(find.trim())}`),
      undefined,
      { notFound: t('operator.findNotFound'), invalid: t('operator.findInvalid') },
    );
    if (found) setAccount(found.account);
  };

  return (
    <section className="stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('operator.accounts')}</h2>
      <form className="card stack" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-find`}>
        <h3 id={`${id}-find`}>{t('operator.findHeading')}</h3>
        <p id={`${id}-hint`}>{t('operator.findIntro')}</p>
        <label className="label" htmlFor={`${id}-text`}>
          {t('operator.findLabel')}
        </label>
        <input
          id={`${id}-text`}
          className="input"
          type="text"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-describedby={`${id}-hint`}
          value={find}
          onChange={(e) => setFind(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('operator.working') : t('operator.find')}
        </button>
        <Outcome error={error} notice={notice} />
      </form>
      <div role="status">{deleted ? <p>{t('operator.deletedDone')}</p> : null}</div>
      {account ? (
        <AccountView
          account={account}
          onChange={(changed) => {
            setAccount(changed);
            setDeleted(changed === null);
          }}
        />
      ) : null}
    </section>
  );
}
