// This screen's English texts travel in its own chunk (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../../lib/i18n';
import checkin from '../../locales/en/checkin.json';

addEnglish({ checkin });
