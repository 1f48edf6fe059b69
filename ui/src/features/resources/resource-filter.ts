import type { Translate } from '../../lib/i18n';
import type { Resource } from './resource-types';

export type ResourceFilter = 'all' | 'helpline' | 'shelter' | 'legal' | 'counseling' | 'medical';

/** The filter chips, in order, with their catalogue keys. */
export const FILTER_CHIPS: readonly { value: ResourceFilter; labelKey: string }[] = [
  { value: 'all', labelKey: 'resources.chipAll' },
  { value: 'helpline', labelKey: 'resources.chipHelpline' },
  { value: 'shelter', labelKey: 'resources.chipShelter' },
  { value: 'legal', labelKey: 'resources.chipLegal' },
  { value: 'counseling', labelKey: 'resources.chipCounseling' },
  { value: 'medical', labelKey: 'resources.chipMedical' },
];

const CATEGORY_BADGE_KEYS: Record<string, string> = {
  helpline: 'resources.badgeHelpline',
  shelter: 'resources.badgeShelter',
  legal: 'resources.badgeLegal',
  counseling: 'resources.badgeCounseling',
  medical: 'resources.badgeMedical',
};

/** A resource's category as its badge says it; an unknown category shows as written. */
export function categoryBadge(category: string, t: Translate): string {
  const key = CATEGORY_BADGE_KEYS[category];
  return key ? t(key) : category;
}

/** Search name and description case-insensitively, then keep the chosen category. */
export function filterResources(
  resources: readonly Resource[],
  query: string,
  filter: ResourceFilter,
): Resource[] {
  const needle = query.trim().toLowerCase();
  return resources.filter((r) => {
    if (filter !== 'all' && r.category !== filter) return false;
    if (!needle) return true;
    return r.name.toLowerCase().includes(needle) || r.description.toLowerCase().includes(needle);
  });
}

export { telHref } from '../../lib/tel';

/** Only http(s) addresses become links (a configured list could hold anything). */
export function safeWebsite(website: string | undefined): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
