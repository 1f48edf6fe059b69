import { ABUSE_KINDS, type AbuseKind } from './kinds';

/** The catalogue key of each kind of abuse (the Domestic Incident Report's headings first). */
export const KIND_LABELS: Record<AbuseKind, string> = {
  physical: 'incidents.kindPhysical',
  sexual: 'incidents.kindSexual',
  verbal_emotional: 'incidents.kindVerbalEmotional',
  economic: 'incidents.kindEconomic',
  dowry: 'incidents.kindDowry',
  threats: 'incidents.kindThreats',
  stalking: 'incidents.kindStalking',
  children: 'incidents.kindChildren',
};

/** A kind's text: the offered list's (the operator's or the built-in one), else the id as it was sealed. */
export function kindLabel(categories: readonly { id: string; label: string }[], kind: string): string {
  return categories.find((c) => c.id === kind)?.label ?? kind;
}

/**
 * The built-in kinds with their texts, for a bundle made where the operator's list is not read (her advocate's): an
 * operator's own kind shows as its id there.
 */
export function builtInKinds(t: (key: string) => string): { id: string; label: string }[] {
  return ABUSE_KINDS.map((id) => ({ id, label: t(KIND_LABELS[id]) }));
}
