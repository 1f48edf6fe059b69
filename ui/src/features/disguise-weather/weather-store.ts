import { STORAGE_KEYS } from '../../lib/storage-keys';
import { readLocalStorage, writeLocalStorage } from '../../hooks/use-local-storage';
import type { Snapshot } from './weather-model';

/**
 * What the weather disguise keeps on the device: her saved cities, the city last shown and the last good
 * answer per city. None of it is sensitive (it is what any weather app keeps), so it is plain localStorage.
 */
export const WEATHER_KEYS = {
  cities: STORAGE_KEYS.weatherCities,
  lastCity: STORAGE_KEYS.weatherCity,
  snapshots: STORAGE_KEYS.weatherLastData,
} as const;

/** Cities are the same whatever the spacing and case she typed. */
function cityKey(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Enough for her saved cities and a few searches; older answers are dropped. */
const MAX_SNAPSHOTS = 12;

export function readCities(): string[] {
  const list = readLocalStorage<unknown>(WEATHER_KEYS.cities, []);
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string' && c.trim() !== '') : [];
}

export function writeCities(cities: string[]): void {
  writeLocalStorage(WEATHER_KEYS.cities, cities);
}

export function readLastCity(): string | null {
  const c = readLocalStorage<unknown>(WEATHER_KEYS.lastCity, null);
  return typeof c === 'string' && c.trim() ? c : null;
}

export function writeLastCity(city: string): void {
  writeLocalStorage(WEATHER_KEYS.lastCity, city);
}

function readAll(): Record<string, Snapshot> {
  const all = readLocalStorage<unknown>(WEATHER_KEYS.snapshots, {});
  return all && typeof all === 'object' && !Array.isArray(all) ? (all as Record<string, Snapshot>) : {};
}

export function readSnapshot(query: string): Snapshot | null {
  const s = readAll()[cityKey(query)];
  return s && typeof s.savedAt === 'number' && s.current && s.forecast ? s : null;
}

export function writeSnapshot(snapshot: Snapshot): void {
  const all = { ...readAll(), [cityKey(snapshot.query)]: snapshot };
  const kept = Object.entries(all)
    .sort(([, a], [, b]) => (b.savedAt ?? 0) - (a.savedAt ?? 0))
    .slice(0, MAX_SNAPSHOTS);
  writeLocalStorage(WEATHER_KEYS.snapshots, Object.fromEntries(kept));
}
