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
};

export type ForecastDay = {
  dt: number;
  date: string;
  time: string;
  main: string;
  description: string;
  icon: string;
  temp_c: number;
};

export type Forecast = { city: string; days: ForecastDay[] };

export type WeatherKind = 'current' | 'forecast';

export type Loaded<T> = { ok: true; data: T } | { ok: false; message: string };
