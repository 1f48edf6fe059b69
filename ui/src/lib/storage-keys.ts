/** Every localStorage key the app uses (SPEC.md §3). Nothing else is written to the device. */
export const STORAGE_KEYS = {
  journal: 'journal-entries',
  safetyPlan: 'safety-plan-items',
  mood: 'mood-entries',
  lastEmail: 'lastLoggedInEmail',
  theme: 'theme',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
