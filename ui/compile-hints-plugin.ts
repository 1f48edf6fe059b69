// Marks the entry script and each screen's own code with Chromium's explicit compile hint, so that V8 compiles all
// their functions while the file downloads, on a background thread, instead of on the page's main thread at each
// function's first call: the cold load's long tasks shrink (bench/RESULTS.md, Lighthouse on /weather). Code loaded
// for one task (a ZIP writer, a PDF reader) is left to compile lazily: most of its functions never run. Other
// browsers read the line as a comment.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';
/** A screen's own code starts at what lazy-pages.ts loads, `src/features/<screen>/index.ts`. */
const SCREEN = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/;

export function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // Once the files are written: the hint counts only at the very top of a file, ahead of what Vite itself adds
    // in front of a chunk's code while writing the bundle.
    writeBundle(options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !(chunk.isEntry || chunk.moduleIds.some((id) => SCREEN.test(id)))) continue;
        const file = path.join(options.dir!, chunk.fileName);
        writeFileSync(file, HINT + readFileSync(file, 'utf8'));
      }
    },
  };
}
