/** Limits stated on screen: one file, and all files of one incident (IndexedDB holds them, encrypted). */
export const MAX_FILE_MB = 25;
export const MAX_INCIDENT_MB = 60;
const MB = 1024 * 1024;

export type LimitProblem = 'fileTooLarge' | 'totalTooLarge' | null;

export function checkLimits(existing: number[], added: number): LimitProblem {
  if (added > MAX_FILE_MB * MB) return 'fileTooLarge';
  if (existing.reduce((a, b) => a + b, 0) + added > MAX_INCIDENT_MB * MB) return 'totalTooLarge';
  return null;
}
