// First, so that every screen of the vault finds its English texts when it runs.
import './english';
// The vault's screens and forms; the vault itself (storage, crypto, its context) is in lib/vault.
export { VaultGate } from './vault-gate';
export { PinInput } from './pin-input';
export { PinOffer } from './pin-offer';
export { PinSetForm } from './pin-set-form';
export { RecoveryKeyStep } from './recovery-key-step';
