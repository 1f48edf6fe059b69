// Proves the form-memory rule fails on a field that leaves the browser free to remember it, and lets a field
// that says what may be kept through.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: uiDir });

async function formErrors(code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(uiDir, 'src/features/journal/sample.tsx') });
  return result.messages.filter((m) => m.ruleId === 'solace-forms/form-memory').map((m) => m.message);
}

describe('form memory', () => {
  it('refuses a text field, an e-mail field and a text area that do not set autoComplete', async () => {
    const errors = await formErrors(
      'export const A = (p: { t: string }) => <form><input /><input type={p.t} /><input type="email" /><textarea /></form>;\n',
    );
    expect(errors).toHaveLength(4);
    expect(errors[0]).toContain('does not say what the browser may remember');
  });

  it('lets fields that say so through, and fields that take no typing', async () => {
    const errors = await formErrors(
      'export const A = () => <form><input autoComplete="off" /><textarea autoComplete="off" /><input type="checkbox" /><input type="file" /></form>;\n',
    );
    expect(errors).toEqual([]);
  });
});
