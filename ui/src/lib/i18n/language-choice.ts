import { STORAGE_KEYS } from '../storage-keys';

/** The language she picked in Settings on this device, if any. */
export function pickedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    return null;
  }
}

export function rememberLanguage(lang: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.language, lang);
  } catch {
    // Storage off (private mode): the choice lasts for this page only.
  }
}

/**
 * Her own pick on this device first, then the first of the browser's languages the app has (by exact code,
 * then by base language: 'hi-IN' finds 'hi'), then the operator's default, then English.
 */
export function chooseLanguage(
  picked: string | null,
  browser: readonly string[],
  available: readonly string[],
  operatorDefault: string,
): string {
  if (picked && available.includes(picked)) return picked;
  for (const wanted of browser) {
    if (available.includes(wanted)) return wanted;
    const base = wanted.split('-')[0];
    if (available.includes(base)) return base;
  }
  return available.includes(operatorDefault) ? operatorDefault : 'en';
}

// Scripts written right to left; a language added later in one of them gets the right direction at once.
const RTL = new Set(['ar', 'dv', 'fa', 'he', 'ps', 'sd', 'ug', 'ur', 'yi']);

/** `lang` and `dir` on the page, so screen readers speak the right language and text runs the right way. */
export function applyDocumentLanguage(lang: string): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = RTL.has(lang.split('-')[0]) ? 'rtl' : 'ltr';
}

/** The language's own name in its own script ('हिन्दी' for hi), as a language menu shows it. */
export function languageName(lang: string): string {
  try {
    const name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang);
    return name ? name.charAt(0).toLocaleUpperCase(lang) + name.slice(1) : lang;
  } catch {
    return lang;
  }
}
