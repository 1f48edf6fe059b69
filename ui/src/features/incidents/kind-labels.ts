import type { AbuseKind } from './incident-model';

/** The catalogue key of each kind of abuse (the Domestic Incident Report's headings first). */
export const KIND_LABELS: Record<AbuseKind, string> = {
  physical: 'incidents.kindPhysical',
  sexual: 'incidents.kindSexual',
  verbalEmotional: 'incidents.kindVerbalEmotional',
  economic: 'incidents.kindEconomic',
  dowry: 'incidents.kindDowry',
  threats: 'incidents.kindThreats',
  stalking: 'incidents.kindStalking',
  children: 'incidents.kindChildren',
};

export function kindLabel(t: (key: string) => string, kind: string): string {
  const key = (KIND_LABELS as Record<string, string>)[kind];
  return key ? t(key) : kind;
}
