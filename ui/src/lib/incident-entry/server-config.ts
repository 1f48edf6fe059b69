/** What this screen reads of /api/config: the operator's kinds of abuse, and whether a second authority stamps. */
export type IncidentsServerConfig = { categories: unknown; secondAuthority: boolean };

// Read once per page load: the entry's config keeps only what every screen needs, so this screen asks
// for its own part (the offline worker keeps /api/config, so it works offline too).
let read: Promise<IncidentsServerConfig> | null = null;

export function parseServerConfig(body: unknown): IncidentsServerConfig {
  const b = body as { incidents?: { categories?: unknown }; timestamp?: { second_authority?: unknown } } | null;
  return { categories: b?.incidents?.categories, secondAuthority: b?.timestamp?.second_authority === true };
}

export function incidentsServerConfig(): Promise<IncidentsServerConfig> {
  read ??= fetch('/api/config', { headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`status ${r.status}`))))
    .catch(() => {
      // Not kept: read offline, it would hide the second authority until the next page load.
      read = null;
      return null;
    })
    .then(parseServerConfig);
  return read;
}
