import { useCallback, useEffect, useRef } from 'react';
import { useAuth } from '../providers/auth';
import { hasStoredSession } from '../lib/idle-lock';
import { endSessionHere } from '../lib/quick-exit';
import { readMeta } from '../lib/vault/storage-layout';

/** Whether this account's records on this device open only with her PIN. */
export function hasPinOnDevice(accountId: string): boolean {
  return readMeta(accountId)?.pin != null;
}

/**
 * What entering a disguise does to a signed-in session (docs/product.md, "Disguise mode"). With a PIN the session
 * is kept: leaving the signed-in screens already dropped the vault's key and records (the vault gate unmounts), and
 * the way back opens the vault afresh, which asks for the PIN. Without a PIN nothing would stand between the way
 * back and her records, so the session ends here and on the server, as the quick exit ends it.
 */
export function lockForDisguise(
  accountId: string,
  end: { here: () => void; signOut: () => void },
  hasPin: (id: string) => boolean = hasPinOnDevice,
): 'kept' | 'ended' {
  if (hasPin(accountId)) return 'kept';
  end.here();
  end.signOut();
  return 'ended';
}

/**
 * What the panic provider calls whenever a disguise is entered, whatever entered it (a button, a disguise address,
 * another tab's idle lock): her records are locked if she is signed in.
 */
export function useDisguiseLock(): () => void {
  const { session, loading, signOut } = useAuth();
  const accountId = session?.user.id ?? null;
  // A page opened on a disguise reports it before the stored session has been read: the lock waits for it.
  const pending = useRef(false);
  const lock = useCallback(() => {
    // A session already gone from the device was ended where it went (another tab's idle lock or exit), which
    // told the server; this tab follows that on its own (lib/quick-exit.ts).
    if (!accountId || !hasStoredSession()) return;
    lockForDisguise(accountId, { here: () => endSessionHere(), signOut: () => void signOut() });
  }, [accountId, signOut]);
  useEffect(() => {
    if (loading || !pending.current) return;
    pending.current = false;
    lock();
  }, [loading, lock]);
  return useCallback(() => {
    if (loading) pending.current = true;
    else lock();
  }, [loading, lock]);
}
