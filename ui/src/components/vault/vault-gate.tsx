// First, so that every module of the vault finds its English texts when it runs.
import './english';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { useAuth } from '../../providers/auth';
import { landAfterIdle } from '../../lib/idle-lock';
import { useT } from '../../lib/i18n';
import { LoadingScreen } from '../loading-screen';
import { migratePlainRecords } from '../../lib/vault/migrate-plain';
import { PinPrompt } from './pin-prompt';
import { fetchVaultSecret, NotSignedInError } from '../../lib/vault/secret-client';
import { VaultProvider } from '../../lib/vault/vault-context';
import { VaultKeyError } from '../../lib/vault/crypto';
import { discardVault, openVault, restoreVault, unlockWithPin, type Opening, type OpenVault } from '../../lib/vault/vault-store';
import { copyApi } from '../../lib/vault/copy-client';
import { CopyGate } from './copy-gate';
import type { CopyState } from '../../lib/vault/copy-sync';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { CopyRestore } from './copy-restore';
import { wrapDataKeyId } from '../../lib/vault/recovery-key';
import { readMeta } from '../../lib/vault/storage-layout';
import { drainOutbox, ensureOutboxKey } from '../../lib/vault/outbox';
import type { OfflineParts } from './offline-writing';
import { VaultScreen } from './vault-screen';
import { isOffline, VaultOffline } from './vault-offline';
import './vault.css';

type Stage =
  | { kind: 'opening' }
  | { kind: 'pin'; triesLeft: number; waitUntil: number; wrong: boolean }
  | { kind: 'open'; vault: OpenVault; restoring?: boolean; fromOutbox?: number }
  /** A device without this account's key while the account keeps a copy: her recovery key brings it back. */
  | { kind: 'restore'; wrap: string }
  | { kind: 'failed' }
  /** No network: the key cannot be fetched (see vault-offline.tsx). */
  | { kind: 'offline' }
  /** The key on this device does not open with this account's secret (e.g. the server's key was replaced). */
  | { kind: 'unopenable' };

/**
 * Opens the signed-in account's encrypted store before any signed-in screen renders: a neutral loading
 * screen while it opens, the PIN prompt when she set one. Rendered under RequireAuth, keyed by account,
 * so another account never sees this one's memory, and sign-out drops the key and the data.
 */
export function VaultGate({ children, offline }: { children: ReactNode; offline?: OfflineParts }) {
  const { session } = useAuth();
  if (!session) return <LoadingScreen />;
  return (
    <VaultSession key={session.user.id} accountId={session.user.id} accessToken={session.access_token} offline={offline}>
      {children}
    </VaultSession>
  );
}

type SessionProps = { accountId: string; accessToken: string; offline?: OfflineParts; children: ReactNode };

function VaultSession({ accountId, accessToken, offline, children }: SessionProps) {
  const t = useT();
  const { signOut } = useAuth();
  const [stage, setStage] = useState<Stage>({ kind: 'opening' });
  // The token at sign-in is enough: the secret is fetched once per page load and kept in memory only.
  const first = useRef({ accessToken });
  const secret = useRef<string | null>(null);
  const { copy } = useAppConfig();
  // The copy's requests use the freshest token (auth-js refreshes it while she is signed in).
  const token = useRef(accessToken);
  token.current = accessToken;
  const api = useMemo(() => copyApi(() => token.current), []);

  const settle = useCallback(
    async (opening: Opening, wrong: boolean) => {
      if (opening.kind === 'locked-out') {
        // Where the idle lock lands (her chosen disguise), not the sign-in screen with the product's name.
        landAfterIdle();
        await signOut();
        return;
      }
      if (opening.kind === 'pin') {
        setStage({ kind: 'pin', triesLeft: opening.triesLeft, waitUntil: opening.waitUntil, wrong });
        return;
      }
      await migratePlainRecords(opening.vault);
      // Online now: entries written offline come in, and the outbox key exists for the next time offline.
      const fromOutbox = await drainOutbox(opening.vault, offline?.intakes).catch((err: unknown) => {
        console.warn('The outbox could not be opened:', err);
        return 0;
      });
      await ensureOutboxKey(opening.vault).catch((err: unknown) => console.warn('No outbox key:', err));
      setStage({ kind: 'open', vault: opening.vault, fromOutbox });
    },
    [signOut, offline],
  );

  const open = useCallback(async () => {
    setStage({ kind: 'opening' });
    try {
      secret.current ??= await fetchVaultSecret(first.current.accessToken);
      if (copy.enabled && !readMeta(accountId)) {
        // No key on this device: if the account keeps a copy, its key comes from her recovery key, not afresh.
        const wrap = (await api.index())?.keys?.recovery_wrap;
        if (wrap && wrapDataKeyId(wrap)) {
          setStage({ kind: 'restore', wrap });
          return;
        }
      }
      await settle(await openVault(accountId, secret.current), false);
    } catch (err) {
      if (err instanceof NotSignedInError) {
        await signOut();
        return;
      }
      if (err instanceof VaultKeyError) {
        setStage({ kind: 'unopenable' });
        return;
      }
      if (isOffline(err)) {
        setStage({ kind: 'offline' });
        return;
      }
      console.error('Could not open the private store:', err);
      setStage({ kind: 'failed' });
    }
  }, [accountId, settle, signOut, copy.enabled, api]);

  useEffect(() => {
    void open();
  }, [open]);

  const tryPin = useCallback(
    async (pin: string) => {
      if (!secret.current) return;
      await settle(await unlockWithPin(accountId, secret.current, pin), true);
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
          waitUntil={stage.waitUntil}
          wrong={stage.wrong}
          onSubmit={tryPin}
          onSignOut={() => void signOut()}
          onStartAfresh={() => {
            discardVault(accountId);
            void open();
          }}
        />
      );
    case 'restore':
      return (
        <CopyRestore
          onRestore={async (recoveryKey) => {
            if (!secret.current) return;
            const vault = await restoreVault(accountId, secret.current, stage.wrap, recoveryKey);
            // Remembered inside the vault: a reload before the first pass ends shows the restore's progress again.
            const state = vault.get(STORAGE_KEYS.copyState) as CopyState | undefined;
            await vault.set(STORAGE_KEYS.copyState, { ...(state?.v === 1 ? state : { v: 1, items: {} }), restoring: true });
            await ensureOutboxKey(vault).catch((err: unknown) => console.warn('No outbox key:', err));
            setStage({ kind: 'open', vault, restoring: true });
          }}
          onStartApart={() => {
            if (!secret.current) return;
            void openVault(accountId, secret.current).then((opening) => settle(opening, false));
          }}
          onSignOut={() => void signOut()}
        />
      );
    case 'failed':
      return (
        <VaultScreen>
          <div className="vault-card" role="alert">
            <p>{t('vault.failed')}</p>
            <div className="vault-actions">
              <button type="button" className="btn btn-primary" onClick={() => void open()}>
                {t('vault.tryAgain')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => void signOut()}>
                {t('vault.signOut')}
              </button>
            </div>
          </div>
        </VaultScreen>
      );
    case 'offline':
      return (
        <VaultOffline accountId={accountId} onRetry={() => void open()} forms={offline?.forms}>
          {children}
        </VaultOffline>
      );
    case 'unopenable':
      return (
        <Unopenable
          onStartAfresh={() => {
            discardVault(accountId);
            void open();
          }}
          onSignOut={() => void signOut()}
        />
      );
    case 'open':
      return (
        <VaultProvider vault={stage.vault}>
          {stage.vault.unreadable.size > 0 ? (
            <p className="vault-notice" role="alert">
              {t('vault.someUnreadable')}
            </p>
          ) : null}
          {stage.fromOutbox ? (
            <p className="vault-notice vault-notice-calm" role="status">
              {t('copy.offlineAdded', { count: stage.fromOutbox })}
            </p>
          ) : null}
          {copy.enabled ? (
            <CopyGate vault={stage.vault} api={api} restoring={stage.restoring ?? false}>
              {children}
            </CopyGate>
          ) : (
            children
          )}
        </VaultProvider>
      );
  }
}

function Unopenable({ onStartAfresh, onSignOut }: { onStartAfresh(): void; onSignOut(): void }) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  return (
    <VaultScreen>
      <div className="vault-card">
        <h1 className="vault-title">{t('vault.unopenableTitle')}</h1>
        <p role="alert">{t('vault.unopenableText')}</p>
        {confirming ? (
          <p className="vault-error">{t('vault.afreshWarning')}</p>
        ) : null}
        <div className="vault-actions">
          {confirming ? (
            <button type="button" className="btn btn-danger" onClick={onStartAfresh}>
              {t('vault.afreshConfirm')}
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
              {t('vault.afresh')}
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={onSignOut}>
            {t('vault.signOut')}
          </button>
        </div>
      </div>
    </VaultScreen>
  );
}
