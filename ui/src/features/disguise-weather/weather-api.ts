import { englishText } from '../../lib/english-text';
import type { Translate } from '../../lib/i18n';
import { weatherErrorText } from './weather-messages';
import { ask, type RawAnswer } from './weather-prefetch';
import type { CurrentWeather, Forecast, ForecastDay, HourStep, Loaded, Today, WeatherKind } from './weather-types';

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function optStr(v: unknown): string | null {
  return typeof v === 'string' && v ? v : null;
}

function record(v: unknown): Record<string, unknown> | null {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

export function parseCurrent(body: unknown): CurrentWeather | null {
  const b = record(body);
  if (!b) return null;
  const temp = num(b.temp_c);
  if (temp === null || typeof b.city !== 'string') return null;
  return {
    city: b.city,
    country: str(b.country),
    main: str(b.main),
    description: str(b.description),
    icon: str(b.icon),
    temp_c: temp,
    feels_like_c: num(b.feels_like_c) ?? temp,
    wind_kmh: num(b.wind_kmh) ?? 0,
    humidity: num(b.humidity),
    updated: num(b.updated),
  };
}

function parseDay(v: unknown): ForecastDay | null {
  const d = record(v);
  if (!d) return null;
  const temp = num(d.temp_c);
  if (temp === null || typeof d.date !== 'string') return null;
  return {
    dt: num(d.dt) ?? 0,
    date: d.date,
    time: str(d.time),
    main: str(d.main),
    description: str(d.description),
    icon: str(d.icon),
    temp_c: temp,
    high_c: num(d.high_c) ?? temp,
    low_c: num(d.low_c) ?? temp,
    pop: num(d.pop),
  };
}

function parseHour(v: unknown): HourStep | null {
  const h = record(v);
  if (!h) return null;
  const temp = num(h.temp_c);
  if (temp === null || typeof h.time !== 'string') return null;
  return {
    dt: num(h.dt) ?? 0,
    time: h.time,
    icon: str(h.icon),
    description: str(h.description),
    temp_c: temp,
    pop: num(h.pop),
  };
}

function parseToday(v: unknown): Today | null {
  const t = record(v);
  if (!t) return null;
  return {
    date: str(t.date),
    high_c: num(t.high_c),
    low_c: num(t.low_c),
    pop: num(t.pop),
    sunrise: optStr(t.sunrise),
    sunset: optStr(t.sunset),
  };
}

export function parseForecast(body: unknown): Forecast | null {
  const b = record(body);
  if (!b || !Array.isArray(b.days)) return null;
  const days = b.days.map(parseDay).filter((d): d is ForecastDay => d !== null).slice(0, 5);
  const hourly = Array.isArray(b.hourly)
    ? b.hourly.map(parseHour).filter((h): h is HourStep => h !== null).slice(0, 24)
    : [];
  return { city: str(b.city), days, today: parseToday(b.today), hourly };
}

/** Statuses that mean "cannot refresh now" rather than "you asked for something wrong". */
function isUnavailable(status: number): boolean {
  return status === 429 || status >= 500;
}

function read<T>(
  kind: WeatherKind,
  city: string,
  parse: (body: unknown) => T | null,
  res: RawAnswer,
  t: Translate,
): Loaded<T> {
  const unexpected = t('weather.unexpected');
  if (res === null || isUnavailable(res.status)) return { ok: false, message: unexpected, unavailable: true };
  let body: unknown = null;
  try {
    body = JSON.parse(res.body);
  } catch {
    if (res.ok) return { ok: false, message: unexpected, unavailable: false };
  }
  if (!res.ok) {
    return { ok: false, message: weatherErrorText(kind, city, res.status, res.statusText, body, t), unavailable: false };
  }
  const data = parse(body);
  return data ? { ok: true, data } : { ok: false, message: unexpected, unavailable: false };
}

/** What an answer for `city` says about today's weather; a failure's message is in the page language (`t`). */
export function readCurrent(city: string, answer: RawAnswer, t: Translate = englishText): Loaded<CurrentWeather> {
  return read('current', city, parseCurrent, answer, t);
}

/** What an answer for `city` says about the days ahead; a failure's message is in the page language. */
export function readForecast(city: string, answer: RawAnswer, t: Translate = englishText): Loaded<Forecast> {
  return read('forecast', city, parseForecast, answer, t);
}

/** Today's weather in `city` (or the answer already `started` for it). */
export async function fetchCurrent(
  city: string,
  fetchImpl: typeof fetch = fetch,
  t: Translate = englishText,
  started: Promise<RawAnswer> = ask('current', city, fetchImpl),
): Promise<Loaded<CurrentWeather>> {
  return readCurrent(city, await started, t);
}

/** The forecast for `city` (or the answer already `started` for it). */
export async function fetchForecast(
  city: string,
  fetchImpl: typeof fetch = fetch,
  t: Translate = englishText,
  started: Promise<RawAnswer> = ask('forecast', city, fetchImpl),
): Promise<Loaded<Forecast>> {
  return readForecast(city, await started, t);
}
