export type MoodValue = 1 | 2 | 3 | 4 | 5;

export const MOOD_LABELS: Readonly<Record<MoodValue, string>> = {
  1: 'Very Difficult',
  2: 'Struggling',
  3: 'Okay',
  4: 'Good',
  5: 'Strong',
};

export const MOOD_VALUES: readonly MoodValue[] = [1, 2, 3, 4, 5];

export function isMoodValue(value: unknown): value is MoodValue {
  return value === 1 || value === 2 || value === 3 || value === 4 || value === 5;
}
