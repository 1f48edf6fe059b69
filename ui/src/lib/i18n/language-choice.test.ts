import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentLanguage, chooseLanguage, languageName } from './language-choice';

const AVAILABLE = ['en', 'hi'];

describe('chooseLanguage', () => {
  it('keeps her own pick on this device over everything else', () => {
    expect(chooseLanguage('hi', ['en-GB'], AVAILABLE, 'en')).toBe('hi');
  });

  it('follows the browser, by exact code or by base language', () => {
    expect(chooseLanguage(null, ['hi-IN', 'en'], AVAILABLE, 'en')).toBe('hi');
    expect(chooseLanguage(null, ['fr-FR', 'en-US'], AVAILABLE, 'hi')).toBe('en');
  });

  it("falls back to the operator's default, then English, for languages the app lacks", () => {
    expect(chooseLanguage('zz', ['fr-FR'], AVAILABLE, 'hi')).toBe('hi');
    expect(chooseLanguage(null, ['fr-FR'], AVAILABLE, 'de')).toBe('en');
  });
});

describe('applyDocumentLanguage', () => {
  afterEach(() => applyDocumentLanguage('en'));

  it('sets lang and writes right-to-left scripts right to left', () => {
    applyDocumentLanguage('hi');
    expect(document.documentElement.lang).toBe('hi');
    expect(document.documentElement.dir).toBe('ltr');
    applyDocumentLanguage('ur-PK');
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('languageName', () => {
  it('names each language in its own script', () => {
    expect(languageName('hi')).toBe('हिन्दी');
    expect(languageName('en')).toBe('English');
  });
});
