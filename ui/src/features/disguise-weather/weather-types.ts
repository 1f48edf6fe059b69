/** Icon codes the server sends (unknown codes are drawn as 'cloudy'). */
export type WeatherIconCode =
  | 'clear-day'
  | 'clear-night'
  | 'partly-cloudy-day'
  | 'partly-cloudy-night'
  | 'cloudy'
  | 'fog'
  | 'drizzle'
  | 'rain'
  | 'thunderstorm'
  | 'snow'
  | 'wind';

export type CurrentWeather = {
  city: string;
  country: string;
  main: string;
  description: string;
  icon: string;
  temp_c: number;
  feels_like_c: number;
  wind_kmh: number;
  humidity: number | null;
  /** When the service measured it (Unix seconds); null when it did not say. */
  updated: number | null;
};

export type ForecastDay = {
  dt: number;
  date: string;
  time: string;
  main: string;
  description: string;
  icon: string;
  temp_c: number;
  high_c: number;
  low_c: number;
  pop: number | null;
};

/** One step of the hourly strip; `time` is the city's local HH:MM. */
export type HourStep = {
  dt: number;
  time: string;
  icon: string;
  description: string;
  temp_c: number;
  pop: number | null;
};

/** Today in the city (local times). */
export type Today = {
  date: string;
  high_c: number | null;
  low_c: number | null;
  pop: number | null;
  sunrise: string | null;
  sunset: string | null;
};

export type Forecast = { city: string; days: ForecastDay[]; today: Today | null; hourly: HourStep[] };

export type WeatherKind = 'current' | 'forecast';

/**
 * A look-up's outcome. `unavailable`: no network, weather switched off, or the service failing: the screen
 * then shows the last data it has, or 'No connection', like any weather app that cannot refresh.
 */
export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string; unavailable: boolean };
