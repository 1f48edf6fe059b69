import type { Resource } from './resource-types';

export type ResourceFilter = 'all' | 'helpline' | 'shelter' | 'legal' | 'counseling' | 'medical';

export const FILTER_CHIPS: readonly { value: ResourceFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'helpline', label: 'Helplines' },
  { value: 'shelter', label: 'Shelters' },
  { value: 'legal', label: 'Legal Aid' },
  { value: 'counseling', label: 'Counseling' },
  { value: 'medical', label: 'Medical' },
];

const CATEGORY_BADGES: Record<string, string> = {
  helpline: 'Helpline',
  shelter: 'Shelter',
  legal: 'Legal Aid',
  counseling: 'Counseling',
  medical: 'Medical',
};

export function categoryBadge(category: string): string {
  return CATEGORY_BADGES[category] ?? category;
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
