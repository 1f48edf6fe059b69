import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { BUILT_IN_LANGUAGES, ENGLISH, loadBuiltInCatalogue, type Catalogue } from './catalogue';
import { I18nProvider, type Language } from './i18n-context';
import { applyDocumentLanguage, chooseLanguage, pickedLanguage, rememberLanguage } from './language-choice';

type Loaded = { lang: string; catalogue: Catalogue };

/** What the operator's config says about languages (/api/config). */
export type LanguageSettings = {
  defaultLanguage: string;
  /** Every language she can pick. */
  available: readonly string[];
  /** Languages with an operator's catalogue file, whole or replacing single built-in texts. */
  fromOperator: readonly string[];
};

async function operatorCatalogue(lang: string): Promise<Catalogue | null> {
  const res = await fetch(`/api/locales/${encodeURIComponent(lang)}.json`, { headers: { Accept: 'application/json' } });
  return res.ok ? ((await res.json()) as Catalogue) : null;
}

/** The built-in catalogue with the operator's texts laid over it, key by key. */
function overlay(base: Catalogue, extra: Catalogue): Catalogue {
  const merged: Catalogue = { ...base };
  for (const [namespace, messages] of Object.entries(extra)) merged[namespace] = { ...base[namespace], ...messages };
  return merged;
}

/** The catalogue for `lang`; English (always in the entry) when it cannot be had. */
async function loadLanguage(lang: string, fromOperator: readonly string[] = []): Promise<Loaded> {
  try {
    const [builtIn, operator] = await Promise.all([
      loadBuiltInCatalogue(lang),
      fromOperator.includes(lang) ? operatorCatalogue(lang) : null,
    ]);
    if (builtIn || operator) return { lang, catalogue: overlay(builtIn ?? {}, operator ?? {}) };
  } catch {
    // A chunk or file that cannot be fetched (offline before the worker kept it): English is in the entry.
  }
  return { lang: 'en', catalogue: ENGLISH };
}

function startLanguage(settings: Pick<LanguageSettings, 'available' | 'defaultLanguage'>): string {
  return chooseLanguage(pickedLanguage(), navigator.languages ?? [], settings.available, settings.defaultLanguage);
}

/** Starts fetching the likely built-in language's chunk at once, alongside /api/config (the import is cached). */
export function preloadStartLanguage(): void {
  void loadLanguage(startLanguage({ available: BUILT_IN_LANGUAGES, defaultLanguage: 'en' }));
}

/** The language this page starts in (her pick, the browser's, the operator's), with its catalogue loaded. */
export async function loadStartLanguage(settings: LanguageSettings): Promise<Loaded> {
  const loaded = await loadLanguage(startLanguage(settings), settings.fromOperator);
  applyDocumentLanguage(loaded.lang);
  return loaded;
}

/** Holds the page's language; Settings switches it through `useLanguage().setLanguage`. */
export function LanguageProvider({
  initial,
  settings,
  children,
}: {
  initial: Loaded;
  settings: LanguageSettings;
  children: ReactNode;
}) {
  const [current, setCurrent] = useState(initial);
  const { available, fromOperator } = settings;
  const setLanguage = useCallback(
    async (lang: string) => {
      const loaded = await loadLanguage(lang, fromOperator);
      rememberLanguage(loaded.lang);
      applyDocumentLanguage(loaded.lang);
      setCurrent(loaded);
    },
    [fromOperator],
  );
  const value = useMemo<Language>(() => ({ ...current, available, setLanguage }), [current, available, setLanguage]);
  return <I18nProvider value={value}>{children}</I18nProvider>;
}
