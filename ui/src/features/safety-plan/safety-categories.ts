import { englishText } from '../../lib/english-text';

export type SafetyCategoryId =
  | 'warning-signs'
  | 'safe-people'
  | 'safe-places'
  | 'emergency-contacts'
  | 'escape-plan'
  | 'essential-items';

export type SafetyCategory = {
  id: SafetyCategoryId;
  /** Catalogue key of the section's name. */
  labelKey: string;
  /** Catalogue key of a short, gentle hint of what belongs in this section. */
  hintKey: string;
  /** the product's English name and hint (screens translate the keys). */
  label: string;
  hint: string;
};

function category(id: SafetyCategoryId, labelKey: string, hintKey: string): SafetyCategory {
  return { id, labelKey, hintKey, label: englishText(labelKey), hint: englishText(hintKey) };
}

export const SAFETY_CATEGORIES: readonly SafetyCategory[] = [
  category('warning-signs', 'safetyPlan.warningSigns', 'safetyPlan.warningSignsHint'),
  category('safe-people', 'safetyPlan.safePeople', 'safetyPlan.safePeopleHint'),
  category('safe-places', 'safetyPlan.safePlaces', 'safetyPlan.safePlacesHint'),
  category('emergency-contacts', 'safetyPlan.emergencyContacts', 'safetyPlan.emergencyContactsHint'),
  category('escape-plan', 'safetyPlan.escapePlan', 'safetyPlan.escapePlanHint'),
  category('essential-items', 'safetyPlan.essentialItems', 'safetyPlan.essentialItemsHint'),
];

export function isSafetyCategoryId(value: unknown): value is SafetyCategoryId {
  return SAFETY_CATEGORIES.some((c) => c.id === value);
}
