// This screen's English texts travel in its own chunk (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../../lib/i18n';
import resources from '../../locales/en/resources.json';

addEnglish({ resources });
