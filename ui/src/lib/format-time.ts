import { intlLocale } from './intl-locale';

/** A moment in her language, always with its zone (a court must know which clock). */
export function formatMoment(iso: string, lang: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const opts: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short', timeZone };
  const main = new Intl.DateTimeFormat(intlLocale(lang), opts).format(date);
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(date)
    .find((p) => p.type === 'timeZoneName')?.value;
  return `${main} (${timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone}, ${zone ?? 'UTC'})`;
}

export function formatDay(day: string, lang: string): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
