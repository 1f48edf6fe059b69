import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Rich, useT } from '../../lib/i18n';
import { PATHS } from '../../lib/route-paths';
import { OfflineWriting, type OfflineParts } from './offline-writing';
import { canWriteOffline, waitingOffline } from '../../lib/vault/outbox';
import { readMeta } from '../../lib/vault/storage-layout';
import { VaultScreen } from './vault-screen';

/** Screens that hold nothing of hers: they open offline while the private space waits for the network. */
const WITHOUT_VAULT: readonly string[] = [PATHS.home, PATHS.affirmations, PATHS.resources];

/** Whether opening the private space failed for want of a network (the key comes from the server each time). */
export function isOffline(err: unknown): boolean {
  return !navigator.onLine || err instanceof TypeError;
}

type Props = { accountId: string; onRetry(): void; forms?: OfflineParts['forms']; children: ReactNode };

/**
 * What a signed-in screen shows when the private space cannot be opened because the device is offline: the
 * screens without her entries open as usual, the others say plainly that they need the network. With a PIN set,
 * nothing opens before the PIN can be checked, which needs the network too. Tries again once the network is back.
 */
export function VaultOffline({ accountId, onRetry, forms = {}, children }: Props) {
  const t = useT();
  const { pathname } = useLocation();
  const [waiting, setWaiting] = useState(() => waitingOffline(accountId));
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);

  const pinSet = Boolean(readMeta(accountId)?.pin);
  if (!pinSet && WITHOUT_VAULT.includes(pathname)) return children;
  // Each screen's own form where it has one (mood, incidents), the journal's elsewhere.
  const Form = forms[pathname] ?? OfflineWriting;
  return (
    <VaultScreen>
      <div className="vault-card" role="status">
        <h1 className="vault-title">{t('vault.offlineTitle')}</h1>
        <p>
          {pinSet ? t('vault.offlinePin') : t('vault.offlineNoPin')} {t('vault.offlineNothingLost')}
        </p>
        {pinSet ? null : (
          <p>
            <Rich
              text={t('vault.offlineMeanwhile')}
              parts={{
                affirmations: <Link to={PATHS.affirmations}>{t('vault.offlineAffirmations')}</Link>,
                helpers: <Link to={PATHS.resources}>{t('vault.offlineHelpers')}</Link>,
              }}
            />
          </p>
        )}
        <div className="vault-actions">
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t('vault.tryAgain')}
          </button>
        </div>
      </div>
      {canWriteOffline(accountId) ? (
        <Suspense fallback={null}>
          <Form accountId={accountId} onKept={() => setWaiting(waitingOffline(accountId))} />
        </Suspense>
      ) : null}
      {waiting > 0 ? (
        <p className="vault-card" role="status">
          {t('copy.offlineWaiting', { count: waiting })}
        </p>
      ) : null}
    </VaultScreen>
  );
}
