import type { WeatherKind } from './weather-types';

/** The weather disguise's messages (docs/product.md, "Where the texts come from"). */
export const LOADING_TEXT = 'Loading weather data...';
export const EMPTY_FORECAST_TEXT = 'No 5-day forecast available.';
export const UNEXPECTED_TEXT = 'An unexpected error occurred while fetching weather data.';
export const INVALID_KEY_TEXT = 'Error: Invalid API Key. Please check your OpenWeatherMap API key.';

export function cityNotFoundText(kind: WeatherKind, city: string): string {
  return kind === 'current'
    ? `Error: City "${city}" not found. Please check the spelling.`
    : `Error: City "${city}" not found for forecast.`;
}

function bodyMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const m = (body as { message: unknown }).message;
    if (typeof m === 'string' && m.trim()) return m;
  }
  return null;
}

/**
 * The text shown for a failed weather response: 401 and 404 have fixed texts; any other status shows the
 * server's message, else the status text, else the status code.
 */
export function weatherErrorText(
  kind: WeatherKind,
  city: string,
  status: number,
  statusText: string,
  body: unknown,
): string {
  if (status === 401) return INVALID_KEY_TEXT;
  if (status === 404) return cityNotFoundText(kind, city);
  return `Error: ${bodyMessage(body) ?? (statusText.trim() || String(status))}`;
}
