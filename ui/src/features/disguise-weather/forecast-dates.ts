import { englishList, englishText } from '../../lib/english-text';
import { interpolate, useT, useTList } from '../../lib/i18n';

// Days and months are named from the screen's catalogue, not with Intl.DateTimeFormat: the first date format a
// page makes loads the browser's calendar data, one long task (40-60 ms on the machine of bench/RESULTS.md) just
// as the forecast is first drawn. The app shows only its built-in languages, and each catalogue has these names.
export type DateNames = {
  today: string;
  /** Sunday first, as Date.getDay() counts. */
  weekdays: readonly string[];
  months: readonly string[];
  /** '{month} {day}' or '{day} {month}'. */
  dayMonth: string;
};

/** The names in the page's language. */
export function useDateNames(): DateNames {
  const t = useT();
  const weekdays = useTList('weather.weekdays');
  const months = useTList('weather.months');
  return { today: t('weather.today'), weekdays, months, dayMonth: t('weather.dayMonth') };
}

/** The names in the product's English, for code and tests outside a page. */
export function englishDateNames(): DateNames {
  return {
    today: englishText('weather.today'),
    weekdays: englishList('weather.weekdays'),
    months: englishList('weather.months'),
    dayMonth: englishText('weather.dayMonth'),
  };
}

// A YYYY-MM-DD date at noon, so that no time zone moves it to another day.
const noon = (date: string) => new Date(`${date}T12:00:00`);

/** 'Today', else the weekday's name, for a YYYY-MM-DD date. */
export function dayLabel(date: string, today: Date, names: DateNames): string {
  const d = noon(date);
  if (Number.isNaN(d.getTime())) return date;
  const sameDay =
    d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate();
  return sameDay ? names.today : names.weekdays[d.getDay()] ?? date;
}

/** The month and day ('Mar 5', '5 मार्च'), for a YYYY-MM-DD date. */
export function shortDate(date: string, names: DateNames): string {
  const d = noon(date);
  if (Number.isNaN(d.getTime())) return '';
  return interpolate(names.dayMonth, { month: names.months[d.getMonth()] ?? '', day: d.getDate() });
}
