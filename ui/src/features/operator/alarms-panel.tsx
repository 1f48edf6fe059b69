import { useCallback, useEffect, useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useConsoleCall, useMailReason, useMoment } from './use-console';
import { useAction } from './use-action';
import { Outcome } from './outcome';
import { TestEmailForm } from './test-email-form';
import type { AlertCounts, Alarms } from './types';

/** The four states an alert can be in, and their names on screen. */
const STATES: [keyof AlertCounts, string][] = [
  ['sent', 'operator.sent'],
  ['waiting', 'operator.waiting'],
  ['retrying', 'operator.retrying'],
  ['failed', 'operator.failed'],
];

function Counts({ heading, counts }: { heading: string; counts: AlertCounts }) {
  const t = useT();
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      <dl className="console-facts">
        {STATES.map(([state, key]) => (
          <div key={state}>
            <dt>{t(key)}</dt>
            <dd>{counts[state]}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Whether her alarms go out: check-ins running, alerts by state over a day and a week, and the mail problem in
 * plain words while there is one. Counts only: never an address, a note or an account.
 */
export function AlarmsPanel() {
  const t = useT();
  const id = useId();
  const call = useConsoleCall();
  const moment = useMoment();
  const mailReason = useMailReason();
  const { busy, error, run } = useAction();
  const [alarms, setAlarms] = useState<Alarms | null>(null);

  const load = useCallback(async () => {
    const answer = await run(() => call<Alarms>('GET', '/alarms'));
    if (answer) setAlarms(answer);
  }, [call, run]);

  useEffect(() => {
    void load();
  }, [load]);

  const problem = alarms?.problem;
  return (
    <section className="stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('operator.alarmsHeading')}</h2>
      <div className="card stack">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void load()}>
          {t('operator.refresh')}
        </button>
        <Outcome error={error} notice={null} />
        {alarms ? (
          <>
            {problem ? (
              <div className="console-banner console-banner-bad" role="alert">
                <h3>{t('operator.deliveryProblem')}</h3>
                <p>{t('operator.problemSince', { time: moment(problem.since), reason: mailReason(problem.reason) })}</p>
                <p>{t('operator.problemWaiting', { count: problem.waiting, time: moment(problem.oldest_due_at) })}</p>
                <p>{t('operator.problemWhat')}</p>
              </div>
            ) : (
              <p className="console-banner console-banner-good">{t('operator.deliveryOk')}</p>
            )}
            <dl className="console-facts">
              <div>
                <dt>{t('operator.running')}</dt>
                <dd>{alarms.running_checkins}</dd>
              </div>
            </dl>
            <Counts heading={t('operator.dayHeading')} counts={alarms.day} />
            <Counts heading={t('operator.weekHeading')} counts={alarms.week} />
          </>
        ) : null}
      </div>
      <TestEmailForm />
    </section>
  );
}
