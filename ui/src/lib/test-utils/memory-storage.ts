/**
 * A Storage kept in a Map, for tests that run in Node's own environment (`@vitest-environment node`, where
 * WebCrypto works with the vault's libraries): `installMemoryStorage()` gives them a `window` with it.
 */
export class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, String(v));
  removeItem = (k: string) => void this.map.delete(k);
  clear = () => this.map.clear();
  key = (i: number) => [...this.map.keys()][i] ?? null;
  get length() {
    return this.map.size;
  }
  all = () => Object.fromEntries(this.map);
}

/** A `window` with memory storages, and `localStorage` beside it; returns the local one. */
export function installMemoryStorage(): MemoryStorage {
  const localStorage = new MemoryStorage();
  Object.assign(globalThis, { window: { localStorage, sessionStorage: new MemoryStorage() }, localStorage });
  return localStorage;
}
