import { intlLocale } from '../../lib/intl-locale';

/** The zone's name (`style` 'long': "India Standard Time") or offset ('longOffset': "GMT+05:30") at `date`. */
function zonePart(date: Date, locale: string, timeZone: string | undefined, style: 'long' | 'longOffset') {
  return new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value;
}

/**
 * A moment in her language, always with its zone (a court must know which clock): the zone's name in her language
 * and its offset, never its database id ("Asia/Calcutta" means nothing to her); the offset alone where Intl has no
 * name for the zone.
 */
export function formatMoment(iso: string, lang: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const locale = intlLocale(lang);
  const opts: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short', timeZone };
  const main = new Intl.DateTimeFormat(locale, opts).format(date);
  const offset = zonePart(date, 'en-US', timeZone, 'longOffset') ?? 'UTC';
  const name = zonePart(date, locale, timeZone, 'long');
  const named = name && !/^(GMT|UTC)([+\-−]|$)/.test(name);
  return named ? `${main} (${name}, ${offset})` : `${main} (${offset})`;
}

export function formatDay(day: string, lang: string): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
