export type SafetyCategoryId =
  | 'warning-signs'
  | 'safe-people'
  | 'safe-places'
  | 'emergency-contacts'
  | 'escape-plan'
  | 'essential-items';

export type SafetyCategory = {
  id: SafetyCategoryId;
  label: string;
  /** A short, gentle hint of what belongs in this section. */
  hint: string;
};

export const SAFETY_CATEGORIES: readonly SafetyCategory[] = [
  {
    id: 'warning-signs',
    label: 'Warning Signs',
    hint: 'Signs that things may be about to get unsafe, so you can act early.',
  },
  {
    id: 'safe-people',
    label: 'Safe People',
    hint: 'People you trust and could turn to for help.',
  },
  {
    id: 'safe-places',
    label: 'Safe Places',
    hint: 'Places you could go to if you need to leave quickly.',
  },
  {
    id: 'emergency-contacts',
    label: 'Emergency Contacts',
    hint: 'Numbers to call in an emergency, including helplines.',
  },
  {
    id: 'escape-plan',
    label: 'Escape Plan',
    hint: 'Steps you would take to leave safely: routes, transport, timing.',
  },
  {
    id: 'essential-items',
    label: 'Essential Items',
    hint: 'Things to take with you: documents, medicines, keys, money, a charger.',
  },
];

export function isSafetyCategoryId(value: unknown): value is SafetyCategoryId {
  return SAFETY_CATEGORIES.some((c) => c.id === value);
}

export function safetyCategoryLabel(id: string): string {
  return SAFETY_CATEGORIES.find((c) => c.id === id)?.label ?? id;
}
