import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { LoadingScreen } from '../loading-screen';
import { CopyContext, useCopyControl } from '../../lib/vault/copy-context';
import { CopyFirstUse } from './copy-first-use';
import { CopyProgress } from './copy-progress';
import type { CopyApi } from '../../lib/vault/copy-client';
import { CopySync } from '../../lib/vault/copy-sync';
import type { OpenVault } from '../../lib/vault/vault-store';
import { VaultScreen } from './vault-screen';

type Props = { vault: OpenVault; api: CopyApi; restoring: boolean; children: ReactNode };

/**
 * Keeps the open vault and the account's copy on the server in step while she is signed in (docs/vault.md, "Sync"),
 * shows the first-use screen while there is no recovery key and she has not postponed it, and, after a restore,
 * the progress of bringing everything back before the screens open.
 */
export function CopyGate({ vault, api, restoring, children }: Props) {
  const t = useT();
  const sync = useMemo(() => new CopySync(vault, api), [vault, api]);
  const control = useCopyControl(sync);
  // A restore cut off by a reload shows its progress again and resumes after what this device already holds.
  const [restored, setRestored] = useState(() => !restoring && !sync.state().restoring);
  useEffect(() => {
    sync.start();
    return () => sync.stop();
  }, [sync]);
  const { status } = control;
  useEffect(() => {
    if (restored || status.syncing) return;
    if (status.lastSync !== null) {
      setRestored(true);
      const state = sync.state();
      if (state.restoring) void sync.saveState({ ...state, restoring: undefined });
    } else if (status.problem !== null) setRestored(true);
  }, [restored, status, sync]);

  if (!restored) {
    const p = status.progress;
    return (
      <VaultScreen>
        <div className="vault-card copy-card" role="status">
          <h1 className="vault-title">{t('copy.restoring')}</h1>
          {p ? (
            <>
              <progress max={p.total} value={p.done} aria-label={t('copy.restoringAttachments', { done: p.done, total: p.total })} />
              <p>{t('copy.restoringAttachments', { done: p.done, total: p.total })}</p>
            </>
          ) : null}
        </div>
      </VaultScreen>
    );
  }
  // A moment, once per opening: whether the first-use screen comes first.
  if (status.mode === 'unknown') return <LoadingScreen />;
  if (status.mode === 'no-key' && control.choice === undefined) return <CopyFirstUse control={control} />;
  return (
    <CopyContext.Provider value={control}>
      <CopyProgress progress={status.progress} />
      {children}
    </CopyContext.Provider>
  );
}
