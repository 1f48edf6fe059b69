import { useSyncExternalStore } from 'react';
import { readMeta, writeMeta } from './storage-layout';
import type { OpenVault } from './vault-store';

// Whether this device has a PIN, for every screen that shows it at once: Settings' PIN section and the offer
// of a PIN beside pairing with an advocate sit on one page, and a PIN added in either shows in both.
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
/** Accounts whose offer was declined while storage would not keep it: declined for this page at least. */
const declinedHere = new Set<string>();

/** Sets, changes (`pin` given) or removes (`null`) the PIN on this device, and tells every screen. */
export async function changePin(vault: OpenVault, pin: string | null): Promise<void> {
  await vault.changePin(pin);
  declinedHere.delete(vault.accountId);
  tell();
}

/** Whether this device asks for a PIN before her records open; follows every change made through `changePin`. */
export function useHasPin(vault: OpenVault): boolean {
  return useSyncExternalStore(subscribe, () => vault.hasPin());
}

function declined(vault: OpenVault): boolean {
  return declinedHere.has(vault.accountId) || readMeta(vault.accountId)?.offer === 'declined';
}

/** Whether to offer her a PIN: none on this device, and she has not said 'Not now' to the offer here. */
export function useOfferPin(vault: OpenVault): boolean {
  return useSyncExternalStore(subscribe, () => !vault.hasPin() && !declined(vault));
}

/** 'Not now': the offer stays away on this device until a PIN is set and removed again. */
export function declinePinOffer(vault: OpenVault): void {
  const meta = readMeta(vault.accountId);
  try {
    if (!meta) throw new Error('no key on this device');
    writeMeta(vault.accountId, { ...meta, offer: 'declined' });
  } catch {
    // Storage full or blocked: declined for this page only.
    declinedHere.add(vault.accountId);
  }
  tell();
}
