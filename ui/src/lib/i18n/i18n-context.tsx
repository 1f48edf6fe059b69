import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { ENGLISH, lookup, type Catalogue } from './catalogue';

export type Language = {
  /** BCP 47 code of the language the page shows, e.g. 'en', 'hi'. */
  lang: string;
  catalogue: Catalogue;
  /** Languages she can switch to (built in ones; English only outside a LanguageProvider). */
  available?: readonly string[];
  /** Switches the page's language and remembers it on the device. */
  setLanguage?: (lang: string) => Promise<void>;
};

const I18nContext = createContext<Language>({ lang: 'en', catalogue: ENGLISH });

/** Gives the screens below it a language and its catalogue (English outside a provider, as in unit tests). */
export function I18nProvider({ value, children }: { value: Language; children: ReactNode }) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useLanguage(): Language {
  return useContext(I18nContext);
}

export type Vars = Record<string, string | number>;
export type Translate = (key: string, vars?: Vars) => string;

/** Fills `{name}` placeholders; an unknown placeholder stays as written, so a mistake shows. */
export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/**
 * `t('namespace.key', vars)` in the page's language; a missing key shows as the key itself. With a numeric `count`,
 * the language's plural form is used where the catalogue has one (`key_one`, `key_other`, ..., named by
 * Intl.PluralRules: Hindi's "one" covers 0 and 1, English's only 1), else the key itself.
 */
export function useT(): Translate {
  const { catalogue, lang } = useLanguage();
  const plurals = useMemo(() => new Intl.PluralRules(lang), [lang]);
  return useCallback(
    (key, vars) => {
      const count = vars?.count;
      const form = typeof count === 'number' ? lookup(catalogue, `${key}_${plurals.select(count)}`) : undefined;
      const text = form ?? lookup(catalogue, key);
      return interpolate(typeof text === 'string' ? text : key, vars);
    },
    [catalogue, plurals],
  );
}

/** A list of texts (affirmations, supportive replies) in the page's language. */
export function useTList(key: string): string[] {
  const { catalogue } = useLanguage();
  return useMemo(() => {
    const list = lookup(catalogue, key);
    return Array.isArray(list) ? list : [];
  }, [catalogue, key]);
}
