/** Reflection prompts shown at the top of the journal, one at a time. */
export const JOURNAL_PROMPTS: readonly string[] = [
  'What is one small thing that brought you a moment of calm today?',
  'How is your body feeling right now? Where do you notice tension, and where do you notice ease?',
  'Describe a place, real or imagined, where you feel completely safe.',
  'What would you say to a close friend who was going through what you are facing?',
  'Name three things you did today, however small, that took strength.',
  'What do you need most right now, and who or what could help you get it?',
  'Write about a memory that still makes you smile.',
  'What are you carrying today that you would like to set down, even for a few minutes?',
  'Which boundaries matter to you, and how would it feel to have them respected?',
  'Think of someone who has been kind to you. What did their kindness feel like?',
  'What hopes do you hold for yourself a year from now?',
  'What has been weighing on your mind this week? Let it out here, without judging it.',
  'List a few things you like about yourself, even if it feels hard at first.',
  'When you feel overwhelmed, what helps you come back to the present moment?',
  'What is something you are proud of getting through?',
  'If your feelings today were a kind of weather, what would they be, and why?',
];
