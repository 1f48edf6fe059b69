import { useCallback } from 'react';
import { useAppConfig, type LocalText } from './app-config';
import { useLanguage } from './i18n';

/**
 * The operator's text in the page's language: its own entry, else the same base language ('pt' for
 * 'pt-BR'), else the operator's default language, else English, else the first one written.
 */
export function pickLocalText(value: LocalText, lang: string, defaultLang: string): string {
  if (typeof value === 'string') return value;
  const base = lang.split('-')[0];
  return value[lang] ?? value[base] ?? value[defaultLang] ?? value.en ?? Object.values(value)[0] ?? '';
}

/** `pickLocalText` for the page's language and the operator's default. */
export function useLocalText(): (value: LocalText) => string {
  const { lang } = useLanguage();
  const { default_language } = useAppConfig();
  return useCallback((value: LocalText) => pickLocalText(value, lang, default_language), [lang, default_language]);
}
