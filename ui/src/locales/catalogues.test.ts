import { describe, expect, it } from 'vitest';
import { ENTRY_NAMESPACES, type Catalogue, type Messages } from '../lib/i18n';

// Every catalogue must have exactly English's keys, list lengths and {placeholders}, and every English key
// must be used somewhere in the code (a key no screen shows is a text nobody checks).
const files = import.meta.glob<Messages>('./*/*.json', { eager: true, import: 'default' });
const catalogues: Record<string, Catalogue> = {};
for (const [file, messages] of Object.entries(files)) {
  const [, lang, namespace] = /^\.\/([^/]+)\/(.+)\.json$/.exec(file)!;
  (catalogues[lang] ??= {})[namespace] = messages;
}
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!./**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const placeholders = (text: string | string[]) =>
  [...[text].flat().join('\n').matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// A plural form (`key_one`, `key_other`, ..., i18n-context's useT) is one text for the code, named as `key`; a
// form may write its number out ("1 incident") where the other form has {count}.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const base = (key: string) => key.replace(PLURAL, '');

const english = catalogues.en;
const languages = Object.keys(catalogues);

describe.each(languages.filter((l) => l !== 'en'))('the %s catalogue', (lang) => {
  const other = catalogues[lang];

  it("has exactly English's namespaces and keys", () => {
    const keys = (c: Catalogue) => Object.entries(c).flatMap(([ns, m]) => Object.keys(m).map((k) => `${ns}.${k}`));
    expect(keys(other).sort()).toEqual(keys(english).sort());
  });

  it("has English's list lengths and placeholders", () => {
    for (const [ns, messages] of Object.entries(english)) {
      for (const [key, text] of Object.entries(messages)) {
        const theirs = other[ns]?.[key];
        if (theirs === undefined) continue;
        expect(Array.isArray(theirs), `${lang} ${ns}.${key}`).toBe(Array.isArray(text));
        if (Array.isArray(text)) expect((theirs as string[]).length, `${lang} ${ns}.${key}`).toBe(text.length);
        if (PLURAL.test(key)) {
          const all = placeholders(messages[`${base(key)}_other`] ?? text);
          expect(placeholders(theirs).every((p) => all.includes(p)), `${lang} ${ns}.${key}`).toBe(true);
        } else expect(placeholders(theirs), `${lang} ${ns}.${key}`).toEqual(placeholders(text));
      }
    }
  });
});

describe('the code and the English catalogue', () => {
  const code = Object.values(sources).join('\n');
  const namespaces = Object.keys(english);

  it('uses every key', () => {
    const unused = Object.entries(english).flatMap(([ns, m]) =>
      Object.keys(m)
        .map((k) => `${ns}.${base(k)}`)
        .filter((key) => !new RegExp(`['"\`]${key.replace('.', '\\.')}['"\`]`).test(code)),
    );
    expect(unused).toEqual([]);
  });

  it('names no key that English lacks', () => {
    const named = [...code.matchAll(/['"`]([a-z][A-Za-z]*)\.([A-Za-z][A-Za-z0-9]*)['"`]/g)].filter((m) =>
      namespaces.includes(m[1]),
    );
    const missing = named.map((m) => `${m[1]}.${m[2]}`).filter((key) => {
      const [ns, k] = key.split('.');
      return english[ns][k] === undefined && english[ns][`${k}_other`] === undefined;
    });
    expect([...new Set(missing)]).toEqual([]);
  });
});

describe('where English texts travel', () => {
  // The entry carries ENTRY_NAMESPACES; a lazily loaded folder (one with an english.ts) brings its own. A key
  // from a namespace that neither carries would show as the bare key in the built app, though not in these
  // unit tests (test-setup adds all of English).
  const brought = (folder: string) => {
    const english = sources[`../${folder}/english.ts`] ?? '';
    return [...english.matchAll(/locales\/en\/(\w+)\.json/g)].map((m) => m[1]);
  };
  const lazyFolder = (file: string) =>
    Object.keys(sources)
      .filter((f) => f.endsWith('/english.ts') && file.startsWith(f.slice(0, -'english.ts'.length)))
      .map((f) => f.slice(3, -'/english.ts'.length))[0];

  it('every namespace a file uses is in the entry or brought by its screen', () => {
    const stray: string[] = [];
    for (const [file, code] of Object.entries(sources)) {
      const folder = lazyFolder(file);
      const allowed = new Set([...ENTRY_NAMESPACES, ...(folder ? brought(folder) : [])]);
      for (const m of code.matchAll(/['"`]([a-z][A-Za-z]*)\.[A-Za-z][A-Za-z0-9]*['"`]/g)) {
        if (m[1] in english && !allowed.has(m[1])) stray.push(`${file.slice(3)} uses ${m[1]}`);
      }
    }
    expect([...new Set(stray)]).toEqual([]);
  });

  it('every lazily loaded screen adds its English before its own modules run', () => {
    for (const file of Object.keys(sources).filter((f) => f.endsWith('/english.ts'))) {
      const index = sources[file.replace('english.ts', 'index.ts')] ?? '';
      expect(index.split('\n').find((line) => line.startsWith('import')), file).toBe("import './english';");
    }
  });
});
