import { englishList } from '../../lib/english-text';
import { useTList } from '../../lib/i18n';
import { useMemo } from 'react';

/**
 * The twelve categorised affirmations. They live in the mood feature because the mood
 * tracker is what picks them by category (daily affirmation and the reply after saving).
 */
export type AffirmationCategory = 'strength' | 'safety' | 'healing' | 'hope';

export type Affirmation = { text: string; category: AffirmationCategory };

/** Catalogue key of each category's list (three texts each, in every language). */
const CATEGORY_KEYS: Readonly<Record<AffirmationCategory, string>> = {
  strength: 'mood.affirmationsStrength',
  safety: 'mood.affirmationsSafety',
  healing: 'mood.affirmationsHealing',
  hope: 'mood.affirmationsHope',
};

type Lists = Record<AffirmationCategory, readonly string[]>;

// the product's order: strength, safety, healing, hope.
function categorised(lists: Lists): Affirmation[] {
  return (['strength', 'safety', 'healing', 'hope'] as const).flatMap((category) =>
    lists[category].map((text) => ({ category, text })),
  );
}

/** the product's English affirmations. */
export const AFFIRMATIONS: readonly Affirmation[] = categorised({
  strength: englishList(CATEGORY_KEYS.strength),
  safety: englishList(CATEGORY_KEYS.safety),
  healing: englishList(CATEGORY_KEYS.healing),
  hope: englishList(CATEGORY_KEYS.hope),
});

/** The twelve affirmations in the page's language. */
export function useAffirmations(): readonly Affirmation[] {
  const strength = useTList(CATEGORY_KEYS.strength);
  const safety = useTList(CATEGORY_KEYS.safety);
  const healing = useTList(CATEGORY_KEYS.healing);
  const hope = useTList(CATEGORY_KEYS.hope);
  return useMemo(() => categorised({ strength, safety, healing, hope }), [strength, safety, healing, hope]);
}
