// First, so that every module of the vault finds its English texts when it runs.
import './english';
export { VaultGate } from './vault-gate';
export { useVault, useVaultState } from './vault-context';
export { MAX_PIN_TRIES } from './vault-store';
export { PinInput } from './pin-input';
export { PinOffer } from './pin-offer';
export { PinSetForm } from './pin-set-form';
export { changePin, useHasPin } from './pin-state';
export { useCopy, useCopyState, type CopyControl } from './copy-context';
export { RecoveryKeyStep } from './recovery-key-step';
