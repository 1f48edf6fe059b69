import type { Catalogue, Messages } from './types';

/** One language's namespace files (`./<namespace>.json`) as one catalogue, keyed by namespace. */
export function collect(files: Record<string, Messages>): Catalogue {
  const catalogue: Catalogue = {};
  for (const [file, messages] of Object.entries(files)) {
    catalogue[file.replace(/^.*\//, '').replace(/\.json$/, '')] = messages;
  }
  return catalogue;
}
