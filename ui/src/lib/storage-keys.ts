/** The localStorage keys the app writes itself (docs/product.md, "What is kept on the device"); auth-js keeps
 * the session under AUTH_STORAGE_KEY (lib/auth-client.ts). */
export const STORAGE_KEYS = {
  journal: 'journal-entries',
  safetyPlan: 'safety-plan-items',
  mood: 'mood-entries',
  lastEmail: 'lastLoggedInEmail',
  theme: 'theme',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
