type Env = {
  storage: Pick<Storage, 'clear'>;
  alert(message: string): void;
  reload(): void;
};

/**
 * Clears every local-storage entry of this site (journal, safety plan, mood, theme, session...), says `done`
 * (in her language) and reloads.
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
  env.alert(done);
  env.reload();
}
