// Built-in languages whose Intl locale is more than the bare code: plain 'en' is SPEC's US English
// ("March 5, 2026"); Hindi takes the 24-hour clock, because ICU writes its 12-hour times with a Latin
// "am/pm" that a Hindi reader may not know, while "18:00 बजे" reads naturally.
const LOCALES: Readonly<Record<string, string>> = { en: 'en-US', hi: 'hi-IN-u-hc-h23' };

/** The locale handed to Intl for a page language; any other language ('en-GB', 'sw') is used as it is. */
export function intlLocale(lang: string): string {
  return LOCALES[lang] ?? lang;
}
