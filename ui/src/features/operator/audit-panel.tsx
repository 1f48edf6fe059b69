import { useCallback, useEffect, useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useConsoleCall, useMoment } from './use-console';
import { useAction } from './use-action';
import { Outcome } from './outcome';
import { ConsoleTable } from './console-table';
import type { AuditEntry, AuditPage } from './types';

const PAGE = 50;

/**
 * Each action the server writes in the audit (`area.verb`), and its words here; an action it adds later shows as
 * the server names it.
 */
const ACTIONS: Record<string, Record<string, string>> = {
  account: {
    disable: 'operator.actionAccountDisable',
    enable: 'operator.actionAccountEnable',
    sign_out: 'operator.actionAccountSignOut',
    remove_factors: 'operator.actionAccountRemoveFactors',
    recovery_link: 'operator.actionAccountRecoveryLink',
    delete: 'operator.actionAccountDelete',
    find: 'operator.actionAccountFind',
  },
  advocate: {
    add: 'operator.actionAdvocateAdd',
    remove: 'operator.actionAdvocateRemove',
    reset_two_step: 'operator.actionAdvocateResetTwoStep',
  },
  mail: { test: 'operator.actionMailTest' },
};

function actionKey(action: string): string | undefined {
  const [area, verb] = action.split('.');
  return Object.hasOwn(ACTIONS, area) && Object.hasOwn(ACTIONS[area], verb) ? ACTIONS[area][verb] : undefined;
}

/** Every operator's actions, newest first, a page at a time: who, what, when, on which account id. */
export function AuditPanel() {
  const t = useT();
  const id = useId();
  const call = useConsoleCall();
  const moment = useMoment();
  const { busy, error, run } = useAction();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [more, setMore] = useState(false);

  const load = useCallback(
    async (before: string | null) => {
      const query = before ? `?before=${encodeURIComponent(before)}&limit=${PAGE}` : `?limit=${PAGE}`;
      const page = await run(() => call<AuditPage>('GET', `/audit${query}`));
      if (!page) return;
      setEntries((shown) => (before && shown ? [...shown, ...page.entries] : page.entries));
      setMore(page.more);
    },
    [call, run],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  const actionText = (action: string) => {
    const key = actionKey(action);
    return key ? t(key) : action;
  };
  const last = entries?.at(-1);
  return (
    <section className="stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('operator.auditHeading')}</h2>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void load(null)}>
        {t('operator.refresh')}
      </button>
      {entries && entries.length === 0 ? <p>{t('operator.auditNone')}</p> : null}
      {entries && entries.length > 0 ? (
        <div className="card">
          <ConsoleTable
            caption={t('operator.auditHeading')}
            columns={[t('operator.auditWhen'), t('operator.auditWho'), t('operator.auditWhat'), t('operator.auditAccount')]}
          >
            {entries.map((entry, i) => (
              <tr key={`${entry.at}-${i}`}>
                <td>{moment(entry.at)}</td>
                <td>{entry.operator}</td>
                <td>{actionText(entry.action)}</td>
                <td>
                  <code className="console-long">{entry.account_id ?? '—'}</code>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        </div>
      ) : null}
      <Outcome error={error} notice={null} />
      {more && last ? (
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void load(last.at)}>
          {t('operator.loadMore')}
        </button>
      ) : null}
    </section>
  );
}
