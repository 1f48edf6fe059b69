import { englishText } from '../../lib/english-text';
import type { Translate } from '../../lib/i18n';
import type { WeatherKind } from './weather-types';

/** The weather disguise's messages (docs/product.md, "Where the texts come from"), in the product's English. */
export const LOADING_TEXT = englishText('weather.loading');
export const EMPTY_FORECAST_TEXT = englishText('weather.emptyForecast');
export const UNEXPECTED_TEXT = englishText('weather.unexpected');

export function cityNotFoundText(kind: WeatherKind, city: string, t: Translate = englishText): string {
  return kind === 'current' ? t('weather.cityNotFound', { city }) : t('weather.cityNotFoundForecast', { city });
}

function bodyMessage(body: unknown): string | null {
  if (body && typeof body === 'object' && 'message' in body) {
    const m = (body as { message: unknown }).message;
    if (typeof m === 'string' && m.trim()) return m;
  }
  return null;
}

/**
 * The text shown for a failed weather response, in the page language (`t`): 401 and 404 have fixed texts; any
 * other status shows the server's message, else the status text, else the status code.
 */
export function weatherErrorText(
  kind: WeatherKind,
  city: string,
  status: number,
  statusText: string,
  body: unknown,
  t: Translate = englishText,
): string {
  if (status === 401) return t('weather.invalidKey');
  if (status === 404) return cityNotFoundText(kind, city, t);
  return t('weather.errorDetail', { detail: bodyMessage(body) ?? (statusText.trim() || String(status)) });
}
