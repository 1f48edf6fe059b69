import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';
import { ApiError } from '../../lib/api-request';
import { LoadingScreen } from '../../components/loading-screen';
import { LoadFailed, TwoStepSetup } from '../../components/staff-sign-in';
import { useConsoleCall } from './use-console';
import { AccountsPanel } from './accounts-panel';
import { AdvocatesPanel } from './advocates-panel';
import { AlarmsPanel } from './alarms-panel';
import { HealthPanel } from './health-panel';
import { AuditPanel } from './audit-panel';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; name: string }
  | { kind: 'two-step' }
  | { kind: 'refused'; key: string }
  | { kind: 'failed' };

// Each part of the console and its name on the button.
const SECTIONS = {
  accounts: 'operator.accounts',
  advocates: 'operator.advocates',
  alarms: 'operator.alarms',
  health: 'operator.health',
  audit: 'operator.audit',
} as const;
type Section = keyof typeof SECTIONS;

/** What the server lets this session see: two-step sign-in set up first, then the console's five parts. */
export function ConsoleHome() {
  const t = useT();
  const call = useConsoleCall();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [section, setSection] = useState<Section>('accounts');

  const load = useCallback(async () => {
    try {
      const me = await call<{ name: string }>('GET', '/me');
      setState({ kind: 'ready', name: me.name });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      if (code === 'two_step_needed') setState({ kind: 'two-step' });
      else if (code === 'wrong_area') setState({ kind: 'refused', key: 'operator.wrongArea' });
      else if (code === 'not_found') setState({ kind: 'refused', key: 'operator.notHere' });
      else setState({ kind: 'failed' });
    }
  }, [call]);

  useEffect(() => {
    void load();
  }, [load]);

  switch (state.kind) {
    case 'loading':
      return <LoadingScreen />;
    case 'refused':
      return <p role="alert">{t(state.key)}</p>;
    case 'failed':
      return <LoadFailed message={t('operator.loadFailed')} retryLabel={t('operator.tryAgain')} onRetry={() => void load()} />;
    case 'two-step':
      // Confirming the code gives the session a new token, and the page draws this anew with it.
      return <TwoStepSetup intro={t('operator.twoStepIntro')} friendlyName="Operator" onDone={() => void load()} />;
    case 'ready':
      break;
  }

  return (
    <div className="console stack">
      <p>{t('operator.signedInAs', { name: state.name })}</p>
      <nav aria-label={t('operator.sections')}>
        <ul className="console-tabs">
          {(Object.keys(SECTIONS) as Section[]).map((s) => (
            <li key={s}>
              <button
                type="button"
                className={`btn ${s === section ? 'btn-primary' : 'btn-secondary'}`}
                aria-current={s === section ? 'page' : undefined}
                onClick={() => setSection(s)}
              >
                {t(SECTIONS[s])}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {section === 'accounts' ? <AccountsPanel /> : null}
      {section === 'advocates' ? <AdvocatesPanel /> : null}
      {section === 'alarms' ? <AlarmsPanel /> : null}
      {section === 'health' ? <HealthPanel /> : null}
      {section === 'audit' ? <AuditPanel /> : null}
    </div>
  );
}
