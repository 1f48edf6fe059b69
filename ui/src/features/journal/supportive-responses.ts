import { englishList } from '../../lib/english-text';

/** Catalogue key of the canned supportive sentences; one is stored with each journal entry as `aiResponse`. */
export const SUPPORTIVE_RESPONSES_KEY = 'journal.supportiveResponses';

/** the product's English sentences (the screen reads its language's list through useTList). */
export const SUPPORTIVE_RESPONSES: readonly string[] = englishList(SUPPORTIVE_RESPONSES_KEY);
