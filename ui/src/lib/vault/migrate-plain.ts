import type { OpenVault } from './vault-store';
import { PLAIN_RECORDS } from './storage-layout';

type WithId = { id?: unknown };

/** Old and vault lists together, the vault's copy winning for the same id. */
function merge(existing: unknown, plain: unknown): unknown {
  if (!Array.isArray(plain)) return existing ?? plain;
  if (!Array.isArray(existing)) return plain;
  const ids = new Set(existing.map((e: WithId) => e?.id));
  return [...existing, ...plain.filter((p: WithId) => !ids.has(p?.id))];
}

/**
 * Moves entries saved in the plain format of earlier versions into the signed-in account's vault, then
 * removes the plain copy (only after the encrypted one is stored). Unreadable plain data is removed too:
 * it cannot be shown, and leaving it would leave her words readable on the device.
 */
export async function migratePlainRecords(vault: OpenVault): Promise<number> {
  let moved = 0;
  for (const key of PLAIN_RECORDS) {
    const raw = window.localStorage.getItem(key);
    if (raw === null) continue;
    let plain: unknown;
    try {
      plain = JSON.parse(raw);
    } catch {
      plain = null;
    }
    if (plain !== null && !vault.blocked.has(key)) {
      await vault.set(key, merge(vault.get(key), plain));
      moved++;
    }
    if (!vault.blocked.has(key)) window.localStorage.removeItem(key);
  }
  return moved;
}
