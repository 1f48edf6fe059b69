export { VaultGate } from './vault-gate';
export { useVault, useVaultState } from './vault-context';
export { MAX_PIN_TRIES } from './vault-store';
export { PinInput } from './pin-input';
