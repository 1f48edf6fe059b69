import { ENGLISH, interpolate, type Translate } from './i18n';

function englishEntry(key: string): string | string[] | undefined {
  const dot = key.indexOf('.');
  return ENGLISH[key.slice(0, dot)]?.[key.slice(dot + 1)];
}

/**
 * the product's English text for a catalogue key, for code that runs outside a page (defaults of pure functions,
 * and the unit tests that pin the product's wording). Screens use useT() instead.
 */
export const englishText: Translate = (key, vars) => {
  const text = englishEntry(key);
  return interpolate(typeof text === 'string' ? text : key, vars);
};

/** the product's English list for a catalogue key (prompts, affirmations, replies). */
export function englishList(key: string): string[] {
  const list = englishEntry(key);
  return Array.isArray(list) ? list : [];
}
