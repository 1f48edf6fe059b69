import english from '../../locales/en';

/** One namespace file: key -> text, or a list of texts (affirmations, replies). */
export type Messages = Record<string, string | string[]>;
/** One language: namespace -> messages. `t('journal.title')` reads namespace `journal`, key `title`. */
export type Catalogue = Record<string, Messages>;

/** English is SPEC's wording and the fallback for any key another catalogue lacks, so it ships in the entry. */
export const ENGLISH: Catalogue = english;

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
