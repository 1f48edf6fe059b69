import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useOnline } from '../offline-app';
import type { CopyStatus, CopySync } from './copy-sync';
import { newRecoveryKey } from './recovery-key';

/** What the screens (Settings, the first-use screen) may do with the account's copy on the server. */
export type CopyControl = {
  status: CopyStatus;
  /** Set while the recovery-key step waits ('postponed') or the copy is refused ('device-only'). */
  choice: 'device-only' | 'postponed' | undefined;
  /** A new recovery key to show her; nothing changes until she keeps it. */
  newRecoveryKey(): string;
  /** Sends the wrap of the data key under this recovery key (the old key, if any, stops working) and syncs. */
  keepRecoveryKey(recoveryKey: string): Promise<void>;
  postpone(): Promise<void>;
  /** 'Keep my records only on this device': the copy on the server is deleted. */
  keepOnlyOnDevice(): Promise<void>;
  /** Back from 'only on this device': a recovery key comes next. */
  copyAgain(): Promise<void>;
  syncNow(): Promise<void>;
};

export const CopyContext = createContext<CopyControl | null>(null);

/** The copy's controls, or null when there is no copy to speak of (the operator turned it off, or not known yet). */
export function useCopy(): CopyControl | null {
  const control = useContext(CopyContext);
  const mode = control?.status.mode;
  if (!control || mode === 'off' || mode === 'unknown' || mode === 'unreachable') return null;
  return control;
}

/**
 * Where what she writes goes, for the screens that tell her: `copied` when a locked copy of it is kept on the server
 * (the copy is on, with her recovery key); `waits` when that copy cannot take it now because the device is offline.
 */
export function useCopyState(): { copied: boolean; waits: boolean } {
  const copied = useCopy()?.status.mode === 'on';
  const online = useOnline();
  return { copied, waits: copied && !online };
}

/** The copy's controls for one open vault, following its status. */
export function useCopyControl(sync: CopySync): CopyControl {
  const [status, setStatus] = useState(sync.status);
  const [choice, setChoice] = useState(() => sync.state().choice);
  useEffect(() => {
    setStatus(sync.status);
    return sync.subscribe(setStatus);
  }, [sync]);
  return useMemo(() => {
    const setChoiceTo = async (next: CopyControl['choice'], items?: Record<string, never>) => {
      const state = sync.state();
      await sync.saveState({ ...state, choice: next, items: items ?? state.items });
      setChoice(next);
    };
    return {
      status,
      choice,
      newRecoveryKey,
      async keepRecoveryKey(recoveryKey: string) {
        await sync.api.putKeys(await sync.vault.recoveryWrap(recoveryKey));
        const state = sync.state();
        await sync.saveState({ ...state, choice: undefined });
        // The copy is on before the screens hear of it, so the first-use screen does not come back meanwhile.
        await sync.sync();
        setChoice(undefined);
      },
      postpone: () => setChoiceTo('postponed'),
      async keepOnlyOnDevice() {
        await sync.api.deleteAll();
        // Nothing is in the copy any more: every item counts as not sent, should she copy again.
        await setChoiceTo('device-only', {});
        await sync.sync();
      },
      async copyAgain() {
        await setChoiceTo(undefined);
        await sync.sync();
      },
      syncNow: () => sync.sync(),
    };
  }, [sync, status, choice]);
}
