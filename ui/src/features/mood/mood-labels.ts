import { englishText } from '../../lib/english-text';

export type MoodValue = 1 | 2 | 3 | 4 | 5;

/** Catalogue key of each mood's name. */
export const MOOD_LABEL_KEYS: Readonly<Record<MoodValue, string>> = {
  1: 'mood.labelVeryDifficult',
  2: 'mood.labelStruggling',
  3: 'mood.labelOkay',
  4: 'mood.labelGood',
  5: 'mood.labelStrong',
};

/** the product's English names (screens translate MOOD_LABEL_KEYS). */
export const MOOD_LABELS: Readonly<Record<MoodValue, string>> = {
  1: englishText(MOOD_LABEL_KEYS[1]),
  2: englishText(MOOD_LABEL_KEYS[2]),
  3: englishText(MOOD_LABEL_KEYS[3]),
  4: englishText(MOOD_LABEL_KEYS[4]),
  5: englishText(MOOD_LABEL_KEYS[5]),
};

export const MOOD_VALUES: readonly MoodValue[] = [1, 2, 3, 4, 5];

export function isMoodValue(value: unknown): value is MoodValue {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}
