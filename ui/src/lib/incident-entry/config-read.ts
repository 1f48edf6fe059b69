// /api/config, read once per page load for the incident log and the advocates' area (the offline worker keeps it,
// so it reads offline too). A failed read is not kept: read offline, it would hide the operator's settings (the
// kinds of abuse, the second authority) until the next page load.
let read: Promise<unknown> | null = null;

/** The answer of /api/config as sent, or null when it could not be read; each reader takes its own part. */
export function readConfig(): Promise<unknown> {
  read ??= fetch('/api/config', { headers: { Accept: 'application/json' } })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error(`status ${r.status}`))))
    .catch(() => {
      read = null;
      return null;
    });
  return read;
}
