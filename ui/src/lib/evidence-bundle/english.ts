// The report and how-to page of a bundle speak the Incident Log's words (the `incidents` namespace): they travel with
// whatever builds a bundle, her advocate's screen too (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../i18n';
import incidents from '../../locales/en/incidents.json';

addEnglish({ incidents });
