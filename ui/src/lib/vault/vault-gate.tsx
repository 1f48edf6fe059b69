import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAuth } from '../auth';
import { LoadingScreen } from '../loading-screen';
import { migratePlainRecords } from './migrate-plain';
import { PinPrompt } from './pin-prompt';
import { fetchVaultSecret, NotSignedInError, sessionIdOf } from './secret-client';
import { VaultProvider } from './vault-context';
import { openVault, unlockWithPin, type Opening, type OpenVault } from './vault-store';
import './vault.css';

type Stage =
  | { kind: 'opening' }
  | { kind: 'pin'; triesLeft: number; wrong: boolean }
  | { kind: 'open'; vault: OpenVault }
  | { kind: 'failed'; message: string };

/**
 * Opens the signed-in account's encrypted store before any signed-in screen renders: a neutral loading
 * screen while it opens, the PIN prompt when she set one. Rendered under RequireAuth, keyed by account,
 * so another account never sees this one's memory, and sign-out drops the key and the data.
 */
export function VaultGate({ children }: { children: ReactNode }) {
  const { session } = useAuth();
  if (!session) return <LoadingScreen />;
  return (
    <VaultSession key={session.user.id} accountId={session.user.id} accessToken={session.access_token}>
      {children}
    </VaultSession>
  );
}

type SessionProps = { accountId: string; accessToken: string; children: ReactNode };

function VaultSession({ accountId, accessToken, children }: SessionProps) {
  const { signOut } = useAuth();
  const [stage, setStage] = useState<Stage>({ kind: 'opening' });
  // The token at sign-in is enough: the secret is fetched once per page load and kept in memory only.
  const first = useRef({ accessToken, session: sessionIdOf(accessToken) });
  const secret = useRef<string | null>(null);

  const settle = useCallback(
    async (opening: Opening, wrong: boolean) => {
      if (opening.kind === 'locked-out') {
        await signOut();
        return;
      }
      if (opening.kind === 'pin') {
        setStage({ kind: 'pin', triesLeft: opening.triesLeft, wrong });
        return;
      }
      await migratePlainRecords(opening.vault);
      setStage({ kind: 'open', vault: opening.vault });
    },
    [signOut],
  );

  const open = useCallback(async () => {
    setStage({ kind: 'opening' });
    try {
      secret.current ??= await fetchVaultSecret(first.current.accessToken);
      await settle(await openVault(accountId, secret.current, first.current.session), false);
    } catch (err) {
      if (err instanceof NotSignedInError) {
        await signOut();
        return;
      }
      console.error('Could not open the private store:', err);
      setStage({
        kind: 'failed',
        message:
          'Your private space could not be opened just now. Nothing has been lost. Please check your connection and try again.',
      });
    }
  }, [accountId, settle, signOut]);

  useEffect(() => {
    void open();
  }, [open]);

  const tryPin = useCallback(
    async (pin: string) => {
      if (!secret.current) return;
      await settle(await unlockWithPin(accountId, secret.current, first.current.session, pin), true);
    },
    [accountId, settle],
  );

  switch (stage.kind) {
    case 'opening':
      return <LoadingScreen />;
    case 'pin':
      return (
        <PinPrompt
          triesLeft={stage.triesLeft}
          wrong={stage.wrong}
          onSubmit={tryPin}
          onSignOut={() => void signOut()}
        />
      );
    case 'failed':
      return (
        <main className="vault-screen">
          <div className="vault-card" role="alert">
            <p>{stage.message}</p>
            <div className="vault-actions">
              <button type="button" className="btn btn-primary" onClick={() => void open()}>
                Try again
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => void signOut()}>
                Sign out
              </button>
            </div>
          </div>
        </main>
      );
    case 'open':
      return <VaultProvider vault={stage.vault}>{children}</VaultProvider>;
  }
}
