import { englishList } from '../../lib/english-text';

/** The catalogue key of the self-love affirmations shown one at a time (52 in every language). */
export const SELF_LOVE_KEY = 'affirmations.selfLove';

/** the product's English affirmations (the screen reads its language's list through useTList). */
export const SELF_LOVE_AFFIRMATIONS: readonly string[] = englishList(SELF_LOVE_KEY);
