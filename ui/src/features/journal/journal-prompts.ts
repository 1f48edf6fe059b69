import { englishList } from '../../lib/english-text';

/** Catalogue key of the reflection prompts shown at the top of the journal, one at a time. */
export const JOURNAL_PROMPTS_KEY = 'journal.prompts';

/** the product's English prompts (the screen reads its language's list through useTList). */
export const JOURNAL_PROMPTS: readonly string[] = englishList(JOURNAL_PROMPTS_KEY);
