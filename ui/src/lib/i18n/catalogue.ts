import { collect } from './collect';
import type { Catalogue, Messages } from './types';

export type { Catalogue, Messages };

/**
 * English is the product's wording and the fallback for any key another catalogue lacks. The entry carries only the
 * namespaces the shell itself shows (ENTRY_NAMESPACES); each lazily loaded screen brings its own English
 * namespace and adds it here as its chunk runs (`<feature>/english.ts`), which keeps the cold load of /auth
 * small as screens gain texts.
 */
export const ENGLISH: Catalogue = collect(
  import.meta.glob<Messages>('../../locales/en/{common,layout,emergency}.json', { eager: true, import: 'default' }),
);
export const ENTRY_NAMESPACES: readonly string[] = Object.keys(ENGLISH);

/** Adds a screen's English namespaces; called once from the screen's chunk before its components run. */
export function addEnglish(namespaces: Catalogue): void {
  Object.assign(ENGLISH, namespaces);
}

// Every other built-in language is its own lazily fetched chunk: a page loads only the language it shows.
const builtIn = import.meta.glob<Catalogue>(['../../locales/*/index.ts', '!../../locales/en/index.ts'], {
  import: 'default',
});

/** Language codes shipped with the app. */
export const BUILT_IN_LANGUAGES: readonly string[] = [
  'en',
  ...Object.keys(builtIn).map((file) => file.split('/').at(-2)!),
];

/** A built-in catalogue, fetched on first use; null for a language the app does not ship. */
export async function loadBuiltInCatalogue(lang: string): Promise<Catalogue | null> {
  if (lang === 'en') return ENGLISH;
  const load = builtIn[`../../locales/${lang}/index.ts`];
  return load ? load() : null;
}

/** The text for `namespace.key` in `catalogue`, else in English, else undefined. */
export function lookup(catalogue: Catalogue, key: string): string | string[] | undefined {
  const dot = key.indexOf('.');
  const namespace = key.slice(0, dot);
  const name = key.slice(dot + 1);
  return catalogue[namespace]?.[name] ?? ENGLISH[namespace]?.[name];
}
