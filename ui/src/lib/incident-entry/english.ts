// An entry's texts (its fields' names, the kinds of abuse, its time) are the incident log's: they travel with
// this shelf, so that the advocates' area, which shows a shared entry, brings them too (lib/i18n/catalogue.ts).
import { addEnglish } from '../i18n';
import incidents from '../../locales/en/incidents.json';

addEnglish({ incidents });
