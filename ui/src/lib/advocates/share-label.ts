/**
 * Her label of what a share holds ('the incident of 21 November…'), kept with the share on the server sealed under
 * her account's data key (docs/vault.md, "The keys"), so her list shows it on each of her devices that hold that
 * key (those joined through the encrypted copy) while the server and the advocate never can read it.
 */
import { fromBase64, toBase64 } from '../vault/crypto';
import type { OpenVault } from '../vault/vault-store';

const aad = (vault: OpenVault, shareId: string) => `solace-share-label-v1:${vault.accountId}:${shareId}`;

export async function sealLabel(vault: OpenVault, shareId: string, label: string): Promise<string> {
  return toBase64(await vault.sealWithDataKey(new TextEncoder().encode(label), aad(vault, shareId)));
}

/** The label, or null when this device's key does not open it (a device apart from the copy) or it was changed. */
export async function openLabel(vault: OpenVault, shareId: string, sealed: string): Promise<string | null> {
  try {
    return new TextDecoder().decode(await vault.openWithDataKey(fromBase64(sealed), aad(vault, shareId)));
  } catch {
    return null;
  }
}
