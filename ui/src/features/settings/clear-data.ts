export const CLEARED_MESSAGE = 'All app data has been cleared successfully.';

type Env = {
  storage: Pick<Storage, 'clear'>;
  alert(message: string): void;
  reload(): void;
};

/** Clears every local-storage entry of this site (journal, safety plan, mood, theme, session...), then reloads. */
export function clearAllData(
  env: Env = {
    storage: window.localStorage,
    alert: (m) => window.alert(m),
    reload: () => window.location.reload(),
  },
): void {
  env.storage.clear();
  env.alert(CLEARED_MESSAGE);
  env.reload();
}
