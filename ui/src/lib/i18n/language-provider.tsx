import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { BUILT_IN_LANGUAGES, ENGLISH, loadBuiltInCatalogue, type Catalogue } from './catalogue';
import { I18nProvider, type Language } from './i18n-context';
import { applyDocumentLanguage, chooseLanguage, pickedLanguage, rememberLanguage } from './language-choice';

type Loaded = { lang: string; catalogue: Catalogue };

/** The catalogue for `lang`, English when the app does not ship it or it cannot be fetched. */
async function loadLanguage(lang: string): Promise<Loaded> {
  try {
    const catalogue = await loadBuiltInCatalogue(lang);
    if (catalogue) return { lang, catalogue };
  } catch {
    // A chunk that cannot be fetched (offline before the worker kept it): English is always in the entry.
  }
  return { lang: 'en', catalogue: ENGLISH };
}

/** Starts fetching the likely language's chunk at once, alongside /api/config (the import is cached). */
export function preloadStartLanguage(): void {
  const lang = chooseLanguage(pickedLanguage(), navigator.languages ?? [], BUILT_IN_LANGUAGES, 'en');
  void loadLanguage(lang);
}

/** The language this page starts in (her pick, the browser's, the operator's), with its catalogue loaded. */
export async function loadStartLanguage(operatorDefault: string): Promise<Loaded> {
  const lang = chooseLanguage(pickedLanguage(), navigator.languages ?? [], BUILT_IN_LANGUAGES, operatorDefault);
  const loaded = await loadLanguage(lang);
  applyDocumentLanguage(loaded.lang);
  return loaded;
}

/** Holds the page's language; Settings switches it through `useLanguage().setLanguage`. */
export function LanguageProvider({ initial, children }: { initial: Loaded; children: ReactNode }) {
  const [current, setCurrent] = useState(initial);
  const setLanguage = useCallback(async (lang: string) => {
    const loaded = await loadLanguage(lang);
    rememberLanguage(loaded.lang);
    applyDocumentLanguage(loaded.lang);
    setCurrent(loaded);
  }, []);
  const value = useMemo<Language>(
    () => ({ ...current, available: BUILT_IN_LANGUAGES, setLanguage }),
    [current, setLanguage],
  );
  return <I18nProvider value={value}>{children}</I18nProvider>;
}
