import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { OpenVault } from './vault-store';

export type VaultApi = {
  vault: OpenVault;
  /** Bumped after each change so readers re-render. */
  version: number;
  set(key: string, next: unknown): void;
};

const VaultContext = createContext<VaultApi | null>(null);

export function VaultProvider({ vault, children }: { vault: OpenVault; children: ReactNode }) {
  const [version, setVersion] = useState(0);
  // What the copy on the server brings in (another device's entries) shows without a reload.
  useEffect(() => vault.onChange((fromCopy) => fromCopy && setVersion((v) => v + 1)), [vault]);
  const set = useCallback(
    (key: string, next: unknown) => {
      vault.set(key, next).catch(() => undefined);
      setVersion((v) => v + 1);
    },
    [vault],
  );
  const value = useMemo(() => ({ vault, version, set }), [vault, version, set]);
  return <VaultContext.Provider value={value}>{children}</VaultContext.Provider>;
}

export function useVault(): VaultApi {
  const ctx = useContext(VaultContext);
  if (!ctx) throw new Error('useVault must be used inside the VaultGate');
  return ctx;
}

/**
 * Like `useLocalStorage`, but the value lives in the signed-in account's encrypted vault: decrypted in
 * memory, stored only as ciphertext. The setter takes a value or an updater.
 */
export function useVaultState<T>(key: string, initial: T): [T, (value: T | ((prev: T) => T)) => void] {
  const { vault, set } = useVault();
  const value = vault.has(key) ? (vault.get(key) as T) : initial;
  const setter = useCallback(
    (next: T | ((prev: T) => T)) => {
      const prev = vault.has(key) ? (vault.get(key) as T) : initial;
      const resolved = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
      set(key, resolved);
    },
    // `initial` is often a fresh literal; only its value at the first call matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [vault, key, set],
  );
  return [value, setter];
}
