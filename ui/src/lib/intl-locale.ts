// The region a bare built-in language is written for: plain 'en' is the product's US English ("March 5, 2026").
const REGIONS: Readonly<Record<string, string>> = { en: 'en-US', hi: 'hi-IN' };

// Hindi takes the 24-hour clock, because ICU writes its 12-hour times with a Latin "am/pm" that a Hindi reader
// may not know, while "18:00 बजे" reads naturally.
const HOUR_CYCLES: Readonly<Record<string, string>> = { hi: 'h23' };

/** The locale handed to Intl for a page language ('hi' and 'hi-IN' alike); any other one is used as it is. */
export function intlLocale(lang: string): string {
  const base = lang.split('-')[0];
  const locale = REGIONS[lang] ?? lang;
  const hourCycle = HOUR_CYCLES[base];
  return hourCycle && !locale.includes('-u-') ? `${locale}-u-hc-${hourCycle}` : locale;
}
