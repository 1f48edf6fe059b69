/** The kinds of abuse offered by default: the Domestic Incident Report's headings (India), and the usual others. */
export const ABUSE_KINDS = [
  'physical',
  'sexual',
  'verbal_emotional',
  'economic',
  'dowry',
  'threats',
  'stalking',
  'children',
] as const;
export type AbuseKind = (typeof ABUSE_KINDS)[number];
