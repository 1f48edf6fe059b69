/**
 * The twelve categorised affirmations. They live in the mood feature because the mood
 * tracker is what picks them by category (daily affirmation and the reply after saving).
 */
export type AffirmationCategory = 'strength' | 'safety' | 'healing' | 'hope';

export type Affirmation = { text: string; category: AffirmationCategory };

export const AFFIRMATIONS: readonly Affirmation[] = [
  { category: 'strength', text: 'I am stronger than I know, and I grow stronger every day.' },
  { category: 'strength', text: 'I have survived hard things, and I can face what comes next.' },
  { category: 'strength', text: 'My courage shows up in small choices, and each one counts.' },
  { category: 'safety', text: 'I deserve to feel safe in my body, my mind and my home.' },
  { category: 'safety', text: 'I am allowed to protect myself and to ask for help.' },
  { category: 'safety', text: 'Choosing my safety is never wrong.' },
  { category: 'healing', text: 'I am healing at my own pace, and that is enough.' },
  { category: 'healing', text: 'I give myself permission to rest and recover.' },
  { category: 'healing', text: 'My past does not define me. I am free to grow.' },
  { category: 'hope', text: 'Better days are possible, and I am moving toward them.' },
  { category: 'hope', text: 'Each new morning brings a fresh chance for peace.' },
  { category: 'hope', text: 'I hold on to hope, even when it feels small.' },
];
