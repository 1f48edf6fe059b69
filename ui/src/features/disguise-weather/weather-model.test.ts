import { describe, expect, it } from 'vitest';
import { decideView, precipitationChance, todayRange, updatedText, type Snapshot } from './weather-model';
import type { CurrentWeather, Forecast } from './weather-types';

const current: CurrentWeather = {
  city: 'Delhi',
  country: 'IN',
  main: 'Clear',
  description: 'clear sky',
  icon: 'clear-day',
  temp_c: 31,
  feels_like_c: 33,
  wind_kmh: 10,
  humidity: 40,
  updated: null,
};
const forecast: Forecast = {
  city: 'Delhi',
  days: [],
  today: { date: '2030-01-01', high_c: 29, low_c: 18, pop: null, sunrise: '07:00', sunset: '17:30' },
  hourly: [{ dt: 1, time: '15:00', icon: 'rain', description: 'rain', temp_c: 28, pop: 60 }],
};
const HOUR = 3600_000;

describe('weather view model', () => {
  it("today's range takes in the temperature right now", () => {
    expect(todayRange(current, forecast)).toEqual({ high: 31, low: 18 });
    expect(todayRange({ ...current, temp_c: 20 }, { ...forecast, today: null })).toEqual({ high: 20, low: 20 });
  });

  it("the chance of rain is today's, else the next hour's", () => {
    expect(precipitationChance(forecast)).toBe(60);
    expect(precipitationChance({ ...forecast, today: { ...forecast.today!, pop: 10 } })).toBe(10);
    expect(precipitationChance({ ...forecast, hourly: [] })).toBeNull();
  });

  it('says when the data was fetched: a clock time when fresh, an age when kept', () => {
    const at = new Date(2030, 0, 1, 9, 5).getTime();
    expect(updatedText(at, at, true)).toBe('Updated 09:05');
    expect(updatedText(at, at + 20_000, false)).toBe('Updated just now');
    expect(updatedText(at, at + 25 * 60_000, false)).toBe('Updated 25 min ago');
    expect(updatedText(at, at + 2 * HOUR + 59 * 60_000, false)).toBe('Updated 2 h ago');
    expect(updatedText(at, at + 30 * HOUR, false)).toBe('Updated yesterday');
    expect(updatedText(at, at + 72 * HOUR, false)).toBe('Updated 3 days ago');
  });

  it('falls back to the kept data only when the weather cannot be refreshed', () => {
    const kept: Snapshot = { query: 'Delhi', current, forecast, savedAt: 1 };
    const down = { ok: false as const, message: 'x', unavailable: true };
    const notFound = { ok: false as const, message: 'Error: City "X" not found.', unavailable: false };
    const ok = <T,>(data: T) => ({ ok: true as const, data });
    expect(decideView('Delhi', ok(current), ok(forecast), kept, 5)).toEqual({
      kind: 'fresh',
      snapshot: { query: 'Delhi', current, forecast, savedAt: 5 },
    });
    expect(decideView('Delhi', down, down, kept, 5)).toEqual({ kind: 'cached', snapshot: kept });
    expect(decideView('Delhi', ok(current), down, kept, 5).kind).toBe('cached');
    expect(decideView('Delhi', down, down, null, 5)).toEqual({ kind: 'offline' });
    expect(decideView('X', notFound, notFound, kept, 5).kind).toBe('error');
  });
});
