/**
 * The locale handed to Intl for a page language. Plain 'en' means SPEC's US English ("March 5, 2026"); a
 * language with a region ('en-GB') or any other language ('hi') is used as it is.
 */
export function intlLocale(lang: string): string {
  return lang === 'en' ? 'en-US' : lang;
}
