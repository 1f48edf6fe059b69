import { beforeEach, describe, expect, it } from 'vitest';
import type { Snapshot } from './weather-model';
import { readCities, readSnapshot, WEATHER_KEYS, writeCities, writeSnapshot } from './weather-store';

const snapshot = (query: string, savedAt: number) =>
  ({ query, savedAt, current: { city: query }, forecast: { days: [] } }) as unknown as Snapshot;

describe('weather kept on the device', () => {
  beforeEach(() => localStorage.clear());

  it('finds the last data for a city however it was typed', () => {
    writeSnapshot(snapshot('New Delhi', 5));
    expect(readSnapshot('  new   DELHI ')?.savedAt).toBe(5);
    expect(readSnapshot('Paris')).toBeNull();
  });

  it('keeps the newest twelve cities only', () => {
    for (let i = 0; i < 15; i += 1) writeSnapshot(snapshot(`City ${i}`, i));
    const kept = Object.keys(JSON.parse(localStorage.getItem(WEATHER_KEYS.snapshots)!));
    expect(kept).toHaveLength(12);
    expect(readSnapshot('City 2')).toBeNull();
    expect(readSnapshot('City 14')?.savedAt).toBe(14);
  });

  it('damaged storage reads as nothing kept', () => {
    localStorage.setItem(WEATHER_KEYS.snapshots, '[1,2]');
    localStorage.setItem(WEATHER_KEYS.cities, '{"x":1}');
    expect(readSnapshot('x')).toBeNull();
    expect(readCities()).toEqual([]);
    writeCities(['Lisbon', '', 'Oslo']);
    expect(readCities()).toEqual(['Lisbon', 'Oslo']);
  });
});
