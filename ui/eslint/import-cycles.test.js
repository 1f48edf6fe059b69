// No file of src/ may reach itself again through its imports, type imports and lazy imports included.
// ESLint's import-x/no-cycle leaves `import type` out, and two circles hid there (vault-store.ts with the
// outbox and the record store; the advocate's home with its panels). A type-only circle still ties the
// files' shapes together; the fix is a types file both sides read. This walks the whole graph once
// (TypeScript's own scanner finds the specifiers) and names each circle it finds.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src');

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|js)$/.test(entry.name) ? [full] : [];
  });
}

/** The file a relative specifier names, as Vite resolves it (no aliases); null for packages and assets. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier.split('?')[0]);
  const candidates = ['', '.ts', '.tsx', '.js'].map((ext) => base + ext);
  candidates.push(path.join(base, 'index.ts'), path.join(base, 'index.tsx'));
  return candidates.find((c) => /\.(tsx?|js)$/.test(c) && fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

function importGraph() {
  const graph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    graph.set(file, [...new Set(importedFiles.map((f) => resolve(file, f.fileName)).filter(Boolean))]);
  }
  return graph;
}

/** Strongly connected groups of more than one file (or a file importing itself): Tarjan's algorithm. */
function circles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(path.relative(srcDir, w));
    } while (w !== v);
    if (group.length > 1 || graph.get(v).includes(v)) found.push(group.sort().join(' <-> '));
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the import graph of src/', () => {
  it('has no circle, not even through type imports', () => {
    expect(circles(importGraph())).toEqual([]);
  });

  it('sees a circle closed by a type import alone', () => {
    const a = path.join(srcDir, 'a.ts');
    const b = path.join(srcDir, 'b.ts');
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toEqual(['a.ts <-> b.ts']);
    const { importedFiles } = ts.preProcessFile("import type { A } from './a';\nexport const later = () => import('./c');\n", true, true);
    expect(importedFiles.map((f) => f.fileName)).toEqual(['./a', './c']);
  });
});
