import { deleteAllRecords } from '../../lib/vault/record-store';

type Env = {
  storage: Pick<Storage, 'clear'>;
  alert(message: string): void;
  reload(): void;
};

/**
 * Clears every local-storage entry of this site (journal, safety plan, mood, theme, session...) and the
 * encrypted incident log in IndexedDB, says `done` (in her language) and reloads.
 */
export function clearAllData(
  done: string,
  env: Env = {
    storage: window.localStorage,
    alert: (m) => window.alert(m),
    reload: () => window.location.reload(),
  },
): void {
  env.storage.clear();
  // Started now; the deletion finishes even while the page reloads (the database is closed between uses).
  void deleteAllRecords();
  env.alert(done);
  env.reload();
}
