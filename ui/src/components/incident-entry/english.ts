// An entry's texts are the incident log's: they travel with the entry's screen too, so that the advocates'
// area, which shows a shared entry, brings them (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../../lib/i18n';
import incidents from '../../locales/en/incidents.json';

addEnglish({ incidents });
