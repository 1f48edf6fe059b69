import { PATHS } from '../../lib/route-paths';

export type FeatureIcon = 'journal' | 'shield' | 'support' | 'mood' | 'voice' | 'privacy';

export type FeatureCard = {
  title: string;
  description: string;
  to: string;
  icon: FeatureIcon;
};

/** The six feature cards on the home screen. */
export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    title: 'Private Journal',
    description:
      'Write freely, guided by gentle prompts, and receive a kind word after every entry. Your words stay on this device.',
    to: PATHS.journal,
    icon: 'journal',
  },
  {
    title: 'Safety Plan',
    description:
      'Note warning signs, safe people and places, and the steps and items you would need to leave safely.',
    to: PATHS.safetyPlan,
    icon: 'shield',
  },
  {
    title: 'Support Resources',
    description:
      'Find helplines, shelters, legal aid, counselling and medical help, with numbers you can call straight away.',
    to: PATHS.resources,
    icon: 'support',
  },
  {
    title: 'Mood Tracker',
    description:
      'Check in with yourself each day, notice patterns over time and receive an affirmation that fits your day.',
    to: PATHS.mood,
    icon: 'mood',
  },
  {
    title: 'Voice Journaling',
    description:
      'When typing feels like too much, speak your thoughts and they will be added to your journal.',
    to: PATHS.journal,
    icon: 'voice',
  },
  {
    title: 'Privacy and Disguise',
    description:
      'Switch to a weather or notes screen in one tap, and clear your data whenever you choose.',
    to: PATHS.settings,
    icon: 'privacy',
  },
];

export type Testimonial = { quote: string; attribution: string };

/** Two anonymous testimonials. */
export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'Writing here at night gave me somewhere to put the thoughts I could not say out loud. Slowly I began to believe I deserved better.',
    attribution: 'Anonymous',
  },
  {
    quote:
      'Making a safety plan step by step helped me feel less frozen. When the day came, I knew who to call and what to take.',
    attribution: 'Anonymous',
  },
];
