/**
 * The localStorage keys the app writes itself (docs/product.md, "What is kept on the device"); auth-js keeps
 * the session under AUTH_STORAGE_KEY (lib/auth-client.ts). Journal, safety plan, mood and the draft are kept
 * only encrypted, in the vault (lib/vault); their plain keys are read once to move old data in.
 *
 * A name says neither the app nor what she keeps: whoever opens the browser's storage sees only these names.
 * The record names below are the vault's own (bound into each record's encryption); on the device each lies
 * under a number (lib/vault/storage-layout.ts). The names used before are moved once (lib/storage-rename.ts).
 */
export const STORAGE_KEYS = {
  journal: 'journal-entries',
  safetyPlan: 'safety-plan-items',
  mood: 'mood-entries',
  /** Her e-mail or sign-in name, only while she asked for it to be remembered (`rememberEmail`). */
  lastEmail: 'remembered-name',
  theme: 'theme',
  /** The language she picked in Settings (a code such as 'hi'); kept like the theme, it says nothing about her. */
  language: 'language',
  /** The unsaved journal text (kept only inside the vault). */
  journalDraft: 'journal-draft',
  /** What each of her shares with an advocate holds, for her list (kept only inside the vault). */
  advocateShares: 'advocate-shares',
  /** Her standing shares ('every incident from now on') and their consent records (kept only inside the vault). */
  advocateStanding: 'advocate-standing',
  /** What this device knows of the account's encrypted copy on the server (kept only inside the vault). */
  copyState: 'copy-state',
  /** This device's outbox private key (kept only inside the vault). */
  outboxPrivate: 'outbox-private',
  /** The outbox public key, in the clear: `queue-key:<account id>` (it can seal, never open). */
  outboxKeyPrefix: 'queue-key:',
  /** Entries written offline, sealed to the outbox key: `queue:<account id>`. */
  outboxPrefix: 'queue:',
  /** Encrypted records: `data:<account id>:<record's number>` (lib/vault/storage-layout.ts). */
  vaultPrefix: 'data:',
  /** The wrapped data key and PIN settings: `keys:<account id>`. */
  vaultKeyPrefix: 'keys:',
  /** 'on' when she asked for her e-mail (or sign-in name) to be remembered on this device; off otherwise. */
  rememberEmail: 'remember-email',
  /** The disguises' own data, plain on purpose (what any weather or notes app keeps; not private). */
  weatherCities: 'weather-cities',
  weatherCity: 'weather-city',
  weatherLastData: 'weather-last-data',
  quickNotes: 'quick-notes',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
