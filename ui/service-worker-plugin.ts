// Writes the offline worker (src/sw/service-worker.js) into the build as /sw.js, with the list of every file the
// build wrote and a version made from their contents: a new build is a new, complete set, never a mix.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { PRELOADS_FILE } from './disguise-preloads-plugin.ts';

const WORKER_SOURCE = 'src/sw/service-worker.js';
const WORKER_NAME = 'sw.js';
const PLACEHOLDER = 'self.__PRECACHE_MANIFEST__';
const TITLES_PLACEHOLDER = 'self.__DISGUISE_TITLES__';
const TITLES_SOURCE = 'src/lib/disguise-titles.json';

/**
 * Files the worker does not keep: the template page (the server's pages are kept instead), itself, the list the
 * server reads its disguise pages' preloads from, sound (the journal's calming loop is fetched in ranges, which the
 * worker leaves to the network; the journal needs the network to open anyway) and the home-screen PNG icons (the
 * phone fetches those once, when it installs the app), except the two a disguise's tab shows.
 */
function kept(file: string): boolean {
  if (/^icons\/(weather|notes)-192\.png$/.test(file)) return true;
  return !['index.html', WORKER_NAME, PRELOADS_FILE].includes(file) && !/\.(br|gz|wav)$/.test(file) && !/^icons\/.*\.png$/.test(file);
}

function walk(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

/** The precache list and version of a built directory, with the worker source that goes with them. */
export function precacheManifest(outDir: string, workerSource: string): { version: string; files: string[] } {
  const files = walk(outDir).filter(kept).sort();
  const hash = createHash('sha256').update(workerSource);
  for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(outDir, file)));
  return { version: hash.digest('hex').slice(0, 16), files: files.map((f) => `/${f}`) };
}

export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'offline-service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // After everything is written, public/ included.
    closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const source = readFileSync(path.resolve(config.root, WORKER_SOURCE), 'utf8');
      if (!source.includes(PLACEHOLDER)) throw new Error(`${WORKER_SOURCE} lost its ${PLACEHOLDER} placeholder`);
      if (!source.includes(TITLES_PLACEHOLDER)) throw new Error(`${WORKER_SOURCE} lost its ${TITLES_PLACEHOLDER} placeholder`);
      const titles = JSON.stringify(JSON.parse(readFileSync(path.resolve(config.root, TITLES_SOURCE), 'utf8')));
      const manifest = precacheManifest(outDir, source);
      writeFileSync(
        path.join(outDir, WORKER_NAME),
        source.replace(PLACEHOLDER, JSON.stringify(manifest)).replace(TITLES_PLACEHOLDER, titles),
      );
    },
  };
}
