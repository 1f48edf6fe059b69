// This area's English texts travel in its own chunk (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../../lib/i18n';
import advocate from '../../locales/en/advocate.json';

addEnglish({ advocate });
