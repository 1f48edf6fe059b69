import { readLastCity } from './weather-store';
import type { WeatherKind } from './weather-types';

// The screen's first look-up is started by the entry script as the page opens (src/main.tsx), beside the
// screen's own code rather than after it has arrived and drawn: on a slow connection the forecast, the page's
// largest paint, comes a round trip sooner (bench/RESULTS.md, Lighthouse on /weather). This module travels in
// the entry script, so it imports only what is small.

/** An answer of /api/weather as read off the wire; null when none came (no network). */
export type RawAnswer = { ok: boolean; status: number; statusText: string; body: string } | null;
export type Answers = Record<WeatherKind, Promise<RawAnswer>>;

/** The address of a look-up; without a city the server answers for its default city. */
export function weatherUrl(kind: WeatherKind, city: string | null): string {
  return city === null ? `/api/weather/${kind}` : `/api/weather/${kind}?city=${encodeURIComponent(city)}`;
}

/** Asks /api/weather; never rejects. */
export async function ask(kind: WeatherKind, city: string | null, fetchImpl: typeof fetch = fetch): Promise<RawAnswer> {
  try {
    const res = await fetchImpl(weatherUrl(kind, city), { headers: { Accept: 'application/json' } });
    return { ok: res.ok, status: res.status, statusText: res.statusText, body: await res.text() };
  } catch {
    return null;
  }
}

/** Both answers, once they are here. */
export type Arrived = Record<WeatherKind, RawAnswer>;

let started: { city: string | null; answers: Answers; arrived: Arrived | null } | null = null;

/**
 * Starts the look-up the screen will make first: the city she saw last, else the server's default. Settles when
 * both answers are here.
 */
export function prefetchWeather(): Promise<void> {
  const city = readLastCity();
  const answers = { current: ask('current', city), forecast: ask('forecast', city) };
  const entry: NonNullable<typeof started> = { city, answers, arrived: null };
  started = entry;
  return Promise.all([answers.current, answers.forecast]).then(([current, forecast]) => {
    entry.arrived = { current, forecast };
  });
}

/** The answers started for `city` (null: the default city), handed over once; null when none were started. */
export function takePrefetched(city: string | null): Answers | null {
  if (!started || started.city !== city) return null;
  const { answers } = started;
  started = null;
  return answers;
}

/**
 * The answers started for `city` if both are already here, handed over once (the screen is then drawn with them
 * from its first frame); null otherwise, leaving them to takePrefetched.
 */
export function takeArrived(city: string | null): Arrived | null {
  if (!started || started.city !== city || !started.arrived) return null;
  const { arrived } = started;
  started = null;
  return arrived;
}
