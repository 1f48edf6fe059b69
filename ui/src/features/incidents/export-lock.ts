/**
 * The export's lock: the rules for the password she gives a locked file, and the file's name. The password opens
 * the file anywhere, for anyone who has it, with no limit on guesses (an archive has no server to slow them), so it
 * must be long; a few words she can tell her lawyer are enough.
 */
export const MIN_PASSWORD_LENGTH = 10;

export type LockProblem = 'short' | 'different';

/** What is wrong with the password typed twice, if anything. Characters, not bytes: Hindi counts as typed. */
export function lockProblem(password: string, again: string): LockProblem | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'short';
  if (password !== again) return 'different';
  return null;
}

/**
 * The downloaded file's name: it sits in her Downloads and in the browser's download list, where anyone who picks up
 * the device reads it, so it says nothing of what is inside.
 */
export function exportFileName(now: Date): string {
  return `documents-${now.toISOString().slice(0, 10)}.zip`;
}
