import type { ReactElement } from 'react';
import { I18nProvider, interpolate, loadBuiltInCatalogue, type Catalogue, type Translate } from '../i18n';
import { lookup } from '../i18n/catalogue';

/** A built-in catalogue, loaded as the app loads it. */
export async function catalogueFor(lang: string): Promise<Catalogue> {
  const catalogue = await loadBuiltInCatalogue(lang);
  if (!catalogue) throw new Error(`no built-in catalogue for ${lang}`);
  return catalogue;
}

/** The translate function of a built-in language, outside any component; a missing text fails the test. */
export async function translatorFor(lang: string): Promise<Translate> {
  const catalogue = await catalogueFor(lang);
  return (key, vars) => {
    const text = lookup(catalogue, key);
    if (typeof text !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return interpolate(text, vars);
  };
}

/** `ui` inside a provider that shows `lang` with its catalogue. */
export function inLanguage(lang: string, catalogue: Catalogue, ui: ReactElement): ReactElement {
  return <I18nProvider value={{ lang, catalogue }}>{ui}</I18nProvider>;
}

const READ_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'];

/**
 * Words in Latin letters that a reader sees or hears under `root`: its text (including screen-reader-only
 * text) and the attributes read aloud or shown. `allowed` lists words that are data, not texts (a city she
 * typed, a unit such as km/h).
 */
export function latinWords(root: Element, allowed: readonly string[] = []): string[] {
  const parts = [root.textContent ?? ''];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const name of READ_ATTRIBUTES) {
      const value = el.getAttribute(name);
      if (value) parts.push(value);
    }
    if (el instanceof HTMLOptionElement) parts.push(el.label);
  }
  const words = parts.join(' ').match(/[A-Za-z]{2,}/g) ?? [];
  const ok = new Set(allowed.map((w) => w.toLowerCase()));
  return words.filter((w) => !ok.has(w.toLowerCase()));
}
