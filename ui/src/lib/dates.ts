import { intlLocale } from './intl-locale';

/**
 * Every date the app shows is made here, one format per language and kind (issue 36: "2/26/2027" beside
 * "Feb 26, 2027" on one screen): a date is "February 26, 2027" / "26 फ़रवरी 2027", a date and time
 * "February 26, 2027 at 3:05 PM" / "26 फ़रवरी 2027 को 15:05 बजे". The lint (eslint.config.js) refuses
 * toLocaleDateString, toLocaleTimeString, toLocaleString and Intl.DateTimeFormat anywhere else, so a grep for
 * them finds this file alone.
 */

/** A moment (a Date, an ISO text, Unix milliseconds), or a calendar day 'YYYY-MM-DD'. */
export type When = Date | string | number;

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'long' };
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeStyle: 'short' };
const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

// Making a formatter loads the browser's calendar data for its locale: each one is made once.
const made = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: string, options: Intl.DateTimeFormatOptions, timeZone?: string): Intl.DateTimeFormat {
  const key = `${lang}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let f = made.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(lang), { ...options, timeZone });
    made.set(key, f);
  }
  return f;
}

/** The moment and the zone to read it in: a calendar day is that day wherever the reader is. */
function moment(when: When, timeZone?: string): { date: Date; timeZone?: string } | null {
  const calendarDay = typeof when === 'string' && CALENDAR_DAY.test(when);
  const date = calendarDay ? new Date(`${when}T00:00:00Z`) : new Date(when);
  if (Number.isNaN(date.getTime())) return null;
  return { date, timeZone: calendarDay ? 'UTC' : timeZone };
}

function format(when: When, lang: string, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  const m = moment(when, timeZone);
  // Never "Invalid Date" on her screen: an unreadable text is shown as it is.
  if (!m) return typeof when === 'string' ? when : '';
  return formatter(lang, options, m.timeZone).format(m.date);
}

/** A date: "February 26, 2027" in English, "26 फ़रवरी 2027" in Hindi. */
export function formatDate(when: When, lang: string, timeZone?: string): string {
  return format(when, lang, DATE, timeZone);
}

/** A date and time: "February 26, 2027 at 3:05 PM" in English, "26 फ़रवरी 2027 को 15:05 बजे" in Hindi. */
export function formatDateTime(when: When, lang: string, timeZone?: string): string {
  return format(when, lang, DATE_TIME, timeZone);
}

/** A time of day: "3:05 PM" in English, "15:05" in Hindi. */
export function formatTime(when: When, lang: string, timeZone?: string): string {
  return format(when, lang, TIME, timeZone);
}

/** The day of the week: "Friday", "शुक्रवार" ('short': "Fri"). */
export function formatWeekday(when: When, lang: string, style: 'long' | 'short' = 'long'): string {
  return format(when, lang, { weekday: style });
}

/** A month of a year: "February 2027". `month` counts from 1. */
export function formatMonth(year: number, month: number, lang: string): string {
  return formatter(lang, { month: 'long', year: 'numeric' }, 'UTC').format(new Date(Date.UTC(year, month - 1, 1)));
}

/** This device's time zone (an IANA name). */
export function deviceZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * A date and time with its zone, for evidence (a court must know which clock): the zone's name in her language and
 * its offset, never its database id ("Asia/Calcutta" means nothing to her); the offset alone where Intl has no name
 * for the zone: "February 26, 2027 at 3:05 PM (India Standard Time, GMT+05:30)".
 */
export function formatMoment(iso: string, lang: string, timeZone?: string): string {
  const m = moment(iso, timeZone);
  if (!m) return iso;
  const zonePart = (locale: string, style: 'long' | 'longOffset') =>
    formatter(locale, { timeZoneName: style }, timeZone)
      .formatToParts(m.date)
      .find((p) => p.type === 'timeZoneName')?.value;
  const offset = zonePart('en', 'longOffset') ?? 'UTC';
  const name = zonePart(lang, 'long');
  const named = name && !/^(GMT|UTC)([+\-−]|$)/.test(name);
  return `${formatDateTime(iso, lang, timeZone)} (${named ? `${name}, ${offset}` : offset})`;
}
