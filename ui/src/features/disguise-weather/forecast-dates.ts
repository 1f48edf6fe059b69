import { englishText } from '../../lib/english-text';
import { intlLocale } from '../../lib/intl-locale';

// Making an Intl.DateTimeFormat is the costly part of naming a date (several milliseconds each on a phone,
// while formatting with one is nearly free), and `toLocaleDateString` makes a new one at every call. So each
// format is made once per language, and `prepareDateFormats` makes them ahead, one per task, while the
// forecast is still on its way: the render that shows it then has no long task for them. Measured in
// bench/RESULTS.md (Lighthouse on /weather).
const OPTIONS = {
  weekday: { weekday: 'long' },
  shortDate: { month: 'short', day: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
type Kind = keyof typeof OPTIONS;

const made = new Map<string, Intl.DateTimeFormat>();

function format(kind: Kind, lang: string): Intl.DateTimeFormat {
  const key = `${kind} ${lang}`;
  let f = made.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale(lang), OPTIONS[kind]);
    made.set(key, f);
  }
  return f;
}

/** Makes the formats for `lang` in separate tasks, so that none of them blocks the page for long. */
export function prepareDateFormats(lang: string): void {
  for (const kind of Object.keys(OPTIONS) as Kind[]) setTimeout(() => format(kind, lang), 0);
}

// A YYYY-MM-DD date at noon, so that no time zone moves it to another day.
const noon = (date: string) => new Date(`${date}T12:00:00`);

/** 'Today', else the weekday's name in the page language, for a YYYY-MM-DD date. */
export function dayLabel(
  date: string,
  today: Date = new Date(),
  lang: string = 'en',
  todayWord: string = englishText('weather.today'),
): string {
  const d = noon(date);
  if (Number.isNaN(d.getTime())) return date;
  const sameDay =
    d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate();
  return sameDay ? todayWord : format('weekday', lang).format(d);
}

/** The month and day ("Mar 5") in the page language, for a YYYY-MM-DD date. */
export function shortDate(date: string, lang: string): string {
  const d = noon(date);
  return Number.isNaN(d.getTime()) ? '' : format('shortDate', lang).format(d);
}
