/**
 * The canonical JSON of an evidence entry (docs/evidence.md, "The bundle"): object keys sorted by their
 * UTF-16 code units at every level, no spaces, strings and numbers as JSON.stringify writes them. The
 * digest is over exactly these bytes (UTF-8), so anyone can recompute it from the manifest's `content`.
 * Only strings, integers, booleans, null, arrays and plain objects occur in an entry; anything else is
 * refused rather than written in a form that another tool might spell differently.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError('Only whole numbers belong in an evidence entry.');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  throw new TypeError(`A ${typeof value} does not belong in an evidence entry.`);
}
