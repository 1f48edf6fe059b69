import type { Session } from '@supabase/auth-js';
import { useCallback, useEffect, useState } from 'react';
import { AdvocateApiError, advocateApi } from '../../lib/advocates/api';
import { useLanguage, useT } from '../../lib/i18n';
import { LoadingScreen } from '../../components/loading-screen';
import { PushOptIn } from '../../components/push-opt-in';
import { Alerts } from './alerts';
import { KeysSetup } from './keys-setup';
import { PairingPanel } from './pairing-panel';
import { SharedWithMe } from './shared-with-me';
import { KeyCode } from './key-code';
import { LoadFailed, TwoStepSetup } from '../../components/staff-sign-in';
import { formatDate } from '../../lib/dates';
import type { AdvocateHomeData } from './types';

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; data: AdvocateHomeData }
  | { kind: 'two-step' }
  | { kind: 'wrong-area' }
  | { kind: 'failed' };

/** What the server lets this session see: each step of the set-up in turn, then the advocate's work. */
export function AdvocateHome({ session }: { session: Session }) {
  const t = useT();
  const { lang } = useLanguage();
  const token = session.access_token;
  const [state, setState] = useState<State>({ kind: 'loading' });
  // The unlocked private key, in memory only: opened once, it reads both shares and alerts.
  const [unlockedKey, setUnlockedKey] = useState<CryptoKey | null>(null);
  // 'I forgot my passphrase': a new key in place of the old one.
  const [replacing, setReplacing] = useState(false);

  const load = useCallback(async () => {
    try {
      const data = await advocateApi<AdvocateHomeData>(token, 'GET', '/advocate');
      setState({ kind: 'ready', data });
    } catch (err) {
      if (err instanceof AdvocateApiError && err.code === 'two_step_needed') setState({ kind: 'two-step' });
      else if (err instanceof AdvocateApiError && err.code === 'wrong_area') setState({ kind: 'wrong-area' });
      else setState({ kind: 'failed' });
    }
  }, [token]);

  // Again with each new token: confirming two-step sign-in gives the session a new one.
  useEffect(() => {
    void load();
  }, [load]);

  switch (state.kind) {
    case 'loading':
      return <LoadingScreen />;
    case 'wrong-area':
      return <p role="alert">{t('advocate.wrongArea')}</p>;
    case 'failed':
      return <LoadFailed message={t('advocate.loadFailed')} retryLabel={t('advocate.tryAgain')} onRetry={() => void load()} />;
    case 'two-step':
      return <TwoStepSetup intro={t('advocate.twoStepIntro')} friendlyName="Advocate" onDone={() => void load()} />;
    case 'ready':
      break;
  }
  const { data } = state;
  if (!data.public_key) return <KeysSetup token={token} onDone={() => void load()} />;
  if (replacing) {
    return (
      <KeysSetup
        token={token}
        replacing
        onCancel={() => setReplacing(false)}
        onDone={() => {
          setReplacing(false);
          setUnlockedKey(null);
          void load();
        }}
      />
    );
  }
  const dateOf = (iso: string) => formatDate(iso, lang);

  return (
    <>
      <p className="advocate-welcome">{t('advocate.welcome', { name: data.name })}</p>
      <Alerts token={token} unlockedKey={unlockedKey} />
      <PushOptIn token={token} explanation={t('advocate.pushExplain')} />
      <PairingPanel token={token} publicKey={data.public_key} people={data.people} reload={load} />
      <SharedWithMe token={token} data={data} unlockedKey={unlockedKey} onUnlocked={setUnlockedKey} onForgot={() => setReplacing(true)} />
      <section className="card stack" aria-labelledby="advocate-people">
        <h2 id="advocate-people">{t('advocate.peopleHeading')}</h2>
        {data.people.length === 0 ? (
          <p>{t('advocate.peopleNone')}</p>
        ) : (
          <ul className="advocate-people" aria-labelledby="advocate-people">
            {data.people.map((p) => (
              <li key={p.id}>
                <strong>{p.known_as}</strong> <span>{t('advocate.pairedSince', { date: dateOf(p.since) })}</span>{' '}
                <KeyCode publicKey={data.public_key ?? ''} personId={p.id} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
