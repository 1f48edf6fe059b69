import { isSafetyCategoryId, type SafetyCategoryId } from './safety-categories';

/** Shape stored under the `safety-plan-items` key. */
export type SafetyPlanItem = {
  id: string;
  category: SafetyCategoryId;
  content: string;
};

export function canSaveItem(text: string): boolean {
  return text.trim().length > 0;
}

export function addItem(
  items: readonly SafetyPlanItem[],
  category: SafetyCategoryId,
  text: string,
  id: string = String(Date.now()),
): SafetyPlanItem[] {
  if (!canSaveItem(text)) return [...items];
  return [...items, { id, category, content: text.trim() }];
}

export function updateItem(items: readonly SafetyPlanItem[], id: string, text: string): SafetyPlanItem[] {
  if (!canSaveItem(text)) return [...items];
  return items.map((item) => (item.id === id ? { ...item, content: text.trim() } : item));
}

export function removeItem(items: readonly SafetyPlanItem[], id: string): SafetyPlanItem[] {
  return items.filter((item) => item.id !== id);
}

export function itemsInCategory(items: readonly SafetyPlanItem[], category: SafetyCategoryId): SafetyPlanItem[] {
  return items.filter((item) => item.category === category);
}

/** Make an id that is not already used, even when two items are added in the same millisecond. */
export function uniqueId(items: readonly SafetyPlanItem[], now: number = Date.now()): string {
  let candidate = now;
  const used = new Set(items.map((i) => i.id));
  while (used.has(String(candidate))) candidate += 1;
  return String(candidate);
}

export function validItems(value: unknown): SafetyPlanItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (i): i is SafetyPlanItem =>
      typeof i === 'object' &&
      i !== null &&
      typeof i.id === 'string' &&
      typeof i.content === 'string' &&
      isSafetyCategoryId(i.category),
  );
}
