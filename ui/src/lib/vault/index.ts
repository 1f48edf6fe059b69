// The vault itself: its context, its PIN rules and the copy's state. Its screens are in components/vault.
export { useVault, useVaultState } from './vault-context';
export { MAX_PIN_TRIES } from './vault-store';
export { changePin, useHasPin } from './pin-state';
export { useCopy, useCopyState, type CopyControl } from './copy-context';
