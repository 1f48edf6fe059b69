import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { useConsoleCall, useMoment } from './use-console';
import { useAction } from './use-action';
import { Outcome } from './outcome';
import { ShownOnce } from './shown-once';
import { ConfirmDialog } from './confirm-dialog';
import { ConsoleTable } from './console-table';
import type { AdvocateRow } from './types';

/** The advocates: who is set up, how many pairings, when last active; add, remove, reset two-step sign-in. */
export function AdvocatesPanel() {
  const t = useT();
  const id = useId();
  const call = useConsoleCall();
  const moment = useMoment();
  const list = useAction();
  const act = useAction();
  const [rows, setRows] = useState<AdvocateRow[] | null>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [link, setLink] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AdvocateRow | null>(null);
  const { run: runList } = list;
  const yesNo = (value: boolean) => (value ? t('operator.yes') : t('operator.no'));

  const load = useCallback(async () => {
    const answer = await runList(() => call<{ advocates: AdvocateRow[] }>('GET', '/advocates'));
    if (answer) setRows(answer.advocates);
  }, [call, runList]);

  useEffect(() => {
    void load();
  }, [load]);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setLink(null);
    const who = name.trim();
    const made = await act.run(
      () => call<{ id: string; link: string }>('POST', '/advocates', { email: email.trim(), name: who }),
      t('operator.addedDone', { name: who }),
    );
    if (!made) return;
    setLink(made.link);
    setEmail('');
    setName('');
    void load();
  };

  const remove = async (row: AdvocateRow) => {
    setRemoving(null);
    setLink(null);
    const ok = await act.run(() => call<void>('DELETE', `/advocates/${encodeURIComponent(row.id)}`).then(() => true), t('operator.removedDone', { name: row.name }));
    if (ok) void load();
  };

  const reset = async (row: AdvocateRow) => {
    setLink(null);
    const ok = await act.run(
      () => call<void>('POST', `/advocates/${encodeURIComponent(row.id)}/reset-two-step`).then(() => true),
      t('operator.resetDone', { name: row.name }),
    );
    if (ok) void load();
  };

  return (
    <section className="stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('operator.advocatesHeading')}</h2>
      <div className="card stack">
        <button type="button" className="btn btn-secondary" disabled={list.busy} onClick={() => void load()}>
          {t('operator.refresh')}
        </button>
        <Outcome error={list.error} notice={null} />
        {rows && rows.length === 0 ? <p>{t('operator.advocatesNone')}</p> : null}
        {rows && rows.length > 0 ? (
          <ConsoleTable
            caption={t('operator.advocatesHeading')}
            columns={[
              t('operator.advocateName'),
              t('operator.advocateEmail'),
              t('operator.advocateAdded'),
              t('operator.advocateSetUp'),
              t('operator.twoStep'),
              t('operator.advocatePairings'),
              t('operator.advocateLastActive'),
              t('operator.advocateActions'),
            ]}
          >
            {rows.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.name}</th>
                <td>{row.email_masked}</td>
                <td>{moment(row.created_at)}</td>
                <td>{yesNo(row.set_up)}</td>
                <td>{yesNo(row.two_step)}</td>
                <td>{row.pairings}</td>
                <td>{moment(row.last_active_at)}</td>
                <td>
                  <div className="console-actions">
                    <button type="button" className="btn btn-secondary" disabled={act.busy} onClick={() => void reset(row)}>
                      {t('operator.resetTwoStep', { name: row.name })}
                    </button>
                    <button type="button" className="btn btn-danger" disabled={act.busy} onClick={() => setRemoving(row)}>
                      {t('operator.remove', { name: row.name })}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        ) : null}
      </div>
      <form className="card stack" onSubmit={(e) => void add(e)} aria-labelledby={`${id}-add`}>
        <h3 id={`${id}-add`}>{t('operator.addHeading')}</h3>
        <label className="label" htmlFor={`${id}-email`}>
          {t('operator.addEmail')}
        </label>
        <input id={`${id}-email`} className="input" type="email" autoComplete="off" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label className="label" htmlFor={`${id}-name`}>
          {t('operator.addName')}
        </label>
        <input id={`${id}-name`} className="input" type="text" autoComplete="off" required value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="btn btn-primary" disabled={act.busy}>
          {act.busy ? t('operator.working') : t('operator.add')}
        </button>
      </form>
      <Outcome error={act.error} notice={act.notice} />
      {link ? <ShownOnce heading={t('operator.setUpHeading')} link={link} /> : null}
      {removing ? (
        <ConfirmDialog
          title={t('operator.removeHeading', { name: removing.name })}
          confirmLabel={t('operator.removeConfirm')}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>{t('operator.removeWarn')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
