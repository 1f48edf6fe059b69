import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach } from 'vitest';
import { decryptRecord, deriveKek, newWrappedDataKey, unwrapDataKey } from '../vault/crypto';
import { recordSlot } from '../vault/storage-layout';
import { VaultProvider } from '../vault/vault-context';
import { OpenVault } from '../vault/vault-store';

export const TEST_ACCOUNT = 'test-account';
const SECRET = 'dGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQ';

let current: { vault: OpenVault; key: CryptoKey } | null = null;

function active() {
  if (!current) throw new Error('call installTestVault() in the describe block');
  return current;
}

/** A fresh open vault (real WebCrypto keys) before each test of the file. */
export function installTestVault(): void {
  beforeEach(async () => {
    const kek = await deriveKek(SECRET, TEST_ACCOUNT);
    const key = await unwrapDataKey(await newWrappedDataKey(kek), kek);
    current = { vault: new OpenVault(TEST_ACCOUNT, key, kek, SECRET), key };
  });
}

export function renderInVault(ui: ReactElement) {
  return render(<VaultProvider vault={active().vault}>{ui}</VaultProvider>);
}

/** Puts a record in the vault as if saved earlier. */
export function seedVault(key: string, value: unknown): void {
  void active().vault.set(key, value);
}

/** What is stored on the device for `key`, decrypted; null when nothing is stored. */
export async function storedRecord(key: string): Promise<unknown> {
  const { vault, key: dataKey } = active();
  await vault.flushed();
  const raw = window.localStorage.getItem(recordSlot(TEST_ACCOUNT, key));
  if (window.localStorage.getItem(key) !== null) throw new Error(`"${key}" is in plain local storage`);
  return raw === null ? null : decryptRecord(dataKey, TEST_ACCOUNT, key, raw);
}
