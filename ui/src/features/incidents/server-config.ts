import { stampingAuthority, type StampingAuthority } from '../../lib/evidence-bundle';
import { readConfig } from '../../lib/incident-entry';
import { isCourtCertificate, type CourtCertificate } from './court-certificate';

/**
 * What this screen reads of /api/config: the operator's kinds of abuse, whether a second authority stamps, who runs
 * the stamping server and where they publish its certificate, and which court certificate the bundle carries.
 */
export type IncidentsServerConfig = StampingAuthority & {
  categories: unknown;
  secondAuthority: boolean;
  courtCertificate: CourtCertificate | null;
};

export function parseServerConfig(body: unknown): IncidentsServerConfig {
  const b = body as {
    incidents?: { categories?: unknown; certificate?: unknown };
    timestamp?: { second_authority?: unknown };
  } | null;
  const court = b?.incidents?.certificate;
  return {
    categories: b?.incidents?.categories,
    secondAuthority: b?.timestamp?.second_authority === true,
    ...stampingAuthority(b?.timestamp),
    courtCertificate: isCourtCertificate(court) ? court : null,
  };
}

// Read once per page load, with the kinds of abuse (lib/incident-entry/config-read.ts): the entry's config keeps
// only what every screen needs, so this screen asks for its own part.
export function incidentsServerConfig(): Promise<IncidentsServerConfig> {
  return readConfig().then(parseServerConfig);
}
