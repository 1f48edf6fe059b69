// Names, for the server, the code each disguise screen needs beyond the entry script. The server's page for a
// disguise lists it as low-priority module preloads (src/assets/index_pages.rs), so that a cold load fetches the
// screen beside the entry script rather than once the entry script has run (bench/RESULTS.md, Lighthouse on
// /weather). Written as /disguise-preloads.json: `{ "<disguise>": ["/assets/<file>.js", ...] }`.
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

export const PRELOADS_FILE = 'disguise-preloads.json';

/** Each disguise (as the server names it) and the module its screen is loaded from. */
const SCREENS: Readonly<Record<string, string>> = {
  weather: 'src/features/disguise-weather/index.ts',
  notes: 'src/features/disguise-notes/index.ts',
};

export function disguisePreloads(): Plugin {
  return {
    name: 'disguise-preloads',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const preloads: Record<string, string[]> = {};
      for (const [disguise, source] of Object.entries(SCREENS)) {
        const screen = chunks.find((c) => c.facadeModuleId?.split('\\').join('/').endsWith(source));
        if (!screen) this.error(`no chunk is loaded from ${source}`);
        const files: string[] = [];
        // The screen's chunk and what it imports, except the entry script the page loads anyway.
        const add = (chunk: OutputChunk | undefined) => {
          if (!chunk || chunk.isEntry || files.includes(chunk.fileName)) return;
          files.push(chunk.fileName);
          for (const file of chunk.imports) add(byFile.get(file));
        };
        add(screen);
        preloads[disguise] = files.map((f) => `/${f}`);
      }
      this.emitFile({ type: 'asset', fileName: PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
