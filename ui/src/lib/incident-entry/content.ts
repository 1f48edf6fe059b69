import { formatMoment } from '../dates';

/** An incident's own fields as sealed in its content (docs/evidence.md), as her log and her advocate read them. */
export type IncidentContent = {
  when?: { start: string; end: string | null; about: boolean; time_zone: string };
  where?: string;
  what_happened?: string;
  kinds?: string[];
  injuries?: string;
  medical_help?: string;
  witnesses?: string[];
  complaint_numbers?: string[];
};

/** When it happened, as she entered it: the time in its zone, a range, 'about'. */
export function whenText(c: IncidentContent, lang: string, t: (k: string, v?: Record<string, string>) => string): string {
  if (!c.when) return '';
  const start = formatMoment(c.when.start, lang, c.when.time_zone);
  const text = c.when.end
    ? t('incidents.range', { start, end: formatMoment(c.when.end, lang, c.when.time_zone) })
    : start;
  return c.when.about ? t('incidents.about', { when: text }) : text;
}
