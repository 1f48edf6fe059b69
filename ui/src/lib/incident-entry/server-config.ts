import { isCourtCertificate, type CourtCertificate } from './court-certificate';

/**
 * What this screen reads of /api/config: the operator's kinds of abuse, whether a second authority stamps, who runs
 * the stamping server and where they publish its certificate, and which court certificate the bundle carries.
 */
export type IncidentsServerConfig = {
  categories: unknown;
  secondAuthority: boolean;
  operatorName: string;
  certificatePage: string;
  courtCertificate: CourtCertificate | null;
};

// Read once per page load: the entry's config keeps only what every screen needs, so this screen asks
// for its own part (the offline worker keeps /api/config, so it works offline too).
let read: Promise<IncidentsServerConfig> | null = null;

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function parseServerConfig(body: unknown): IncidentsServerConfig {
  const b = body as {
    incidents?: { categories?: unknown; certificate?: unknown };
    timestamp?: { second_authority?: unknown; operator_name?: unknown; certificate_page?: unknown };
  } | null;
  const court = b?.incidents?.certificate;
  return {
    categories: b?.incidents?.categories,
    secondAuthority: b?.timestamp?.second_authority === true,
    operatorName: text(b?.timestamp?.operator_name),
    certificatePage: text(b?.timestamp?.certificate_page),
    courtCertificate: isCourtCertificate(court) ? court : null,
  };
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
