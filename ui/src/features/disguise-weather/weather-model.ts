import { englishText } from '../../lib/english-text';
import type { Translate } from '../../lib/i18n';
import type { CurrentWeather, Forecast, Loaded } from './weather-types';

/** The last good answer for a city, kept on the device so the screen still has something to show. */
export type Snapshot = { query: string; current: CurrentWeather; forecast: Forecast; savedAt: number };

/** What the screen shows after a look-up. */
export type View =
  | { kind: 'fresh'; snapshot: Snapshot }
  | { kind: 'cached'; snapshot: Snapshot }
  | { kind: 'offline' }
  | { kind: 'error'; current: Loaded<CurrentWeather>; forecast: Loaded<Forecast> };

/**
 * Decides between fresh data, the last data kept for this city (when the weather cannot be refreshed), a
 * plain 'No connection', and the product's texts for a wrong key or an unknown city.
 */
export function decideView(
  query: string,
  current: Loaded<CurrentWeather>,
  forecast: Loaded<Forecast>,
  cached: Snapshot | null,
  now: number,
): View {
  if (current.ok && forecast.ok) {
    return { kind: 'fresh', snapshot: { query, current: current.data, forecast: forecast.data, savedAt: now } };
  }
  const unavailable = (!current.ok && current.unavailable) || (!forecast.ok && forecast.unavailable);
  const spoken = (!current.ok && !current.unavailable) || (!forecast.ok && !forecast.unavailable);
  if (unavailable && !spoken) return cached ? { kind: 'cached', snapshot: cached } : { kind: 'offline' };
  return { kind: 'error', current, forecast };
}

/** Today's high and low: the forecast's, stretched to include the temperature right now. */
export function todayRange(current: CurrentWeather, forecast: Forecast): { high: number; low: number } {
  const t = current.temp_c;
  return {
    high: Math.max(forecast.today?.high_c ?? t, t),
    low: Math.min(forecast.today?.low_c ?? t, t),
  };
}

/** Today's chance of precipitation, else the next hour's; null when the service gives none. */
export function precipitationChance(forecast: Forecast): number | null {
  return forecast.today?.pop ?? forecast.hourly[0]?.pop ?? null;
}

/** HH:MM on the device's clock. */
export function clock(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** 'Updated 14:05' for fresh data; 'Updated 2 h ago' for data kept from an earlier visit. */
export function updatedText(savedAt: number, now: number, fresh: boolean, t: Translate = englishText): string {
  if (fresh) return t('weather.updatedAt', { time: clock(savedAt) });
  const minutes = Math.max(0, Math.floor((now - savedAt) / 60_000));
  if (minutes < 1) return t('weather.updatedJustNow');
  if (minutes < 60) return t('weather.updatedMinutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('weather.updatedHours', { hours });
  const days = Math.floor(hours / 24);
  return days === 1 ? t('weather.updatedYesterday') : t('weather.updatedDays', { days });
}
