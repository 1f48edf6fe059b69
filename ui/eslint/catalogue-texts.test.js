// Proves the catalogue rule really fails on words written into a converted screen, and lets t() through.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: uiDir });

async function textErrors(code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(uiDir, 'src/features/journal/sample.tsx') });
  return result.messages.filter((m) => m.ruleId === 'solace-texts/catalogue-texts').map((m) => m.message);
}

describe('catalogue texts', () => {
  it('refuses words between tags and in the attributes a person reads or hears', async () => {
    const errors = await textErrors(
      'export const A = () => <button aria-label="Close" title={`Save ${1}`}>Save entry</button>;\n',
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain('put it in src/locales');
  });

  it('lets catalogue texts, symbols and numbers through', async () => {
    const errors = await textErrors(
      "declare const t: (k: string) => string;\nexport const A = () => <p aria-label={t('journal.title')}>{t('journal.subtitle')} · 3 ✓</p>;\n",
    );
    expect(errors).toEqual([]);
  });
});
