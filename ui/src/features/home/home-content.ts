import { PATHS } from '../../lib/route-paths';

export type FeatureIcon = 'journal' | 'shield' | 'support' | 'mood' | 'voice' | 'privacy';

export type FeatureCard = {
  /** Catalogue keys of the card's title and text. */
  titleKey: string;
  textKey: string;
  to: string;
  icon: FeatureIcon;
};

/** The six feature cards on the home screen. */
export const FEATURE_CARDS: readonly FeatureCard[] = [
  {
    titleKey: 'home.journalTitle',
    textKey: 'home.journalText',
    to: PATHS.journal,
    icon: 'journal',
  },
  {
    titleKey: 'home.safetyPlanTitle',
    textKey: 'home.safetyPlanText',
    to: PATHS.safetyPlan,
    icon: 'shield',
  },
  {
    titleKey: 'home.resourcesTitle',
    textKey: 'home.resourcesText',
    to: PATHS.resources,
    icon: 'support',
  },
  {
    titleKey: 'home.moodTitle',
    textKey: 'home.moodText',
    to: PATHS.mood,
    icon: 'mood',
  },
  {
    titleKey: 'home.voiceTitle',
    textKey: 'home.voiceText',
    to: PATHS.journal,
    icon: 'voice',
  },
  {
    titleKey: 'home.privacyTitle',
    textKey: 'home.privacyText',
    to: PATHS.settings,
    icon: 'privacy',
  },
];
