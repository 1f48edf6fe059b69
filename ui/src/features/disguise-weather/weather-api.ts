import { UNEXPECTED_TEXT, weatherErrorText } from './weather-messages';
import type { CurrentWeather, Forecast, ForecastDay, Loaded, WeatherKind } from './weather-types';

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

export function parseCurrent(body: unknown): CurrentWeather | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
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
  };
}

function parseDay(v: unknown): ForecastDay | null {
  if (!v || typeof v !== 'object') return null;
  const d = v as Record<string, unknown>;
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
  };
}

export function parseForecast(body: unknown): Forecast | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (!Array.isArray(b.days)) return null;
  const days = b.days.map(parseDay).filter((d): d is ForecastDay => d !== null).slice(0, 5);
  return { city: str(b.city), days };
}

async function load<T>(
  kind: WeatherKind,
  city: string,
  parse: (body: unknown) => T | null,
  fetchImpl: typeof fetch,
): Promise<Loaded<T>> {
  let res: Response;
  try {
    res = await fetchImpl(`/api/weather/${kind}?city=${encodeURIComponent(city)}`, {
      headers: { Accept: 'application/json' },
    });
  } catch {
    return { ok: false, message: UNEXPECTED_TEXT };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    if (res.ok) return { ok: false, message: UNEXPECTED_TEXT };
  }
  if (!res.ok) return { ok: false, message: weatherErrorText(kind, city, res.status, res.statusText, body) };
  const data = parse(body);
  return data ? { ok: true, data } : { ok: false, message: UNEXPECTED_TEXT };
}

export function fetchCurrent(city: string, fetchImpl: typeof fetch = fetch): Promise<Loaded<CurrentWeather>> {
  return load('current', city, parseCurrent, fetchImpl);
}

export function fetchForecast(city: string, fetchImpl: typeof fetch = fetch): Promise<Loaded<Forecast>> {
  return load('forecast', city, parseForecast, fetchImpl);
}
