import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PATHS } from '../route-paths';
import { readMeta } from './storage-layout';
import { VaultScreen } from './vault-screen';

/** Screens that hold nothing of hers: they open offline while the private space waits for the network. */
const WITHOUT_VAULT: readonly string[] = [PATHS.home, PATHS.affirmations, PATHS.resources];

/** Whether opening the private space failed for want of a network (the key comes from the server each time). */
export function isOffline(err: unknown): boolean {
  return !navigator.onLine || err instanceof TypeError;
}

type Props = { accountId: string; onRetry(): void; children: ReactNode };

/**
 * What a signed-in screen shows when the private space cannot be opened because the device is offline: the
 * screens without her entries open as usual, the others say plainly that they need the network. With a PIN set,
 * nothing opens before the PIN can be checked, which needs the network too. Tries again once the network is back.
 */
export function VaultOffline({ accountId, onRetry, children }: Props) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);

  const pinSet = Boolean(readMeta(accountId)?.pin);
  if (!pinSet && WITHOUT_VAULT.includes(pathname)) return children;
  return (
    <VaultScreen>
      <div className="vault-card" role="status">
        <h1 className="vault-title">You&rsquo;re offline</h1>
        <p>
          {pinSet
            ? 'Your private space opens with your PIN and a key that this device fetches from our server each time, so it needs an internet connection.'
            : 'Your journal, mood and safety plan are locked with a key that this device fetches from our server each time you open them, so they need an internet connection.'}{' '}
          Nothing has been lost. They open again by themselves as soon as you&rsquo;re connected.
        </p>
        {pinSet ? null : (
          <p>
            Until then you can read <Link to={PATHS.affirmations}>affirmations</Link> and{' '}
            <Link to={PATHS.resources}>people who can help</Link>.
          </p>
        )}
        <div className="vault-actions">
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Try again
          </button>
        </div>
      </div>
    </VaultScreen>
  );
}
