// Proves the layer rule really fails: each sample is linted with the project's own ESLint config as if it
// were a file at the given place in src/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: uiDir });

async function layerErrors(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(uiDir, file) });
  return result.messages.filter((m) => m.ruleId === 'solace-layers/layer-boundaries').map((m) => m.message);
}

describe('layer boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await layerErrors(
      'src/features/journal/sample.tsx',
      "import { MoodPage } from '../mood/mood-page';\nexport const page = MoodPage;\n",
    );
    expect(errors).toEqual([expect.stringContaining('a feature never imports another feature (journal imports mood)')]);
  });

  it('refuses it from a nested folder, through a re-export and a lazy import too', async () => {
    const errors = await layerErrors(
      'src/features/journal/parts/sample.ts',
      "export { x } from '../../mood/x';\nexport const later = () => import('../../../features/resources/resources-page');\n",
    );
    expect(errors).toHaveLength(2);
  });

  it('allows a feature its own files, lib and packages', async () => {
    const errors = await layerErrors(
      'src/features/journal/sample.ts',
      "import { a } from './a';\nimport { b } from '../journal/b';\nimport { c } from '../../lib/c';\nimport { useState } from 'react';\nexport const all = [a, b, c, useState];\n",
    );
    expect(errors).toEqual([]);
  });

  it('refuses lib importing app or a feature', async () => {
    const errors = await layerErrors(
      'src/lib/sample.ts',
      "import { PATHS } from '../app/routes/route-paths';\nimport { x } from '../features/mood/x';\nexport const all = [PATHS, x];\n",
    );
    expect(errors).toEqual([
      expect.stringContaining('src/lib never imports src/app'),
      expect.stringContaining('src/lib never imports a feature (mood)'),
    ]);
  });

  it('refuses lib importing a component, a hook or a provider, type imports included', async () => {
    const errors = await layerErrors(
      'src/lib/vault/sample.ts',
      "import { PinInput } from '../../components/vault/pin-input';\nimport { useLongPress } from '../../hooks/use-long-press';\nimport type { AuthState } from '../../providers/auth';\nexport const all = [PinInput, useLongPress];\nexport type A = AuthState;\n",
    );
    expect(errors).toEqual([
      expect.stringContaining('src/lib never imports src/components'),
      expect.stringContaining('src/lib never imports src/hooks'),
      expect.stringContaining('src/lib never imports src/providers'),
    ]);
  });

  it('refuses the shared shelves importing a feature or the app, and a feature importing the app', async () => {
    const shelf = await layerErrors(
      'src/components/sample.tsx',
      "import { MoodPage } from '../features/mood/mood-page';\nimport { router } from '../app/router';\nexport const all = [MoodPage, router];\n",
    );
    expect(shelf).toEqual([
      expect.stringContaining('src/components never imports a feature (mood)'),
      expect.stringContaining('src/components never imports src/app'),
    ]);
    const feature = await layerErrors('src/features/mood/sample.ts', "export { router } from '../../app/router';\n");
    expect(feature).toEqual([expect.stringContaining('a feature never imports src/app')]);
  });

  it('allows the shared shelves each other and lib, and a feature all of them', async () => {
    const shelf = await layerErrors(
      'src/hooks/sample.ts',
      "import { usePanic } from '../providers/panic';\nimport { Svg } from '../components/icons';\nimport { formatDate } from '../lib/dates';\nexport const all = [usePanic, Svg, formatDate];\n",
    );
    expect(shelf).toEqual([]);
    const feature = await layerErrors(
      'src/features/mood/sample.ts',
      "import { PinInput } from '../../components/vault';\nimport { useLongPress } from '../../hooks/use-long-press';\nimport { useAuth } from '../../providers/auth';\nexport const all = [PinInput, useLongPress, useAuth];\n",
    );
    expect(feature).toEqual([]);
  });
});
