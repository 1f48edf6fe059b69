// The console's English texts travel in its own chunk (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../../lib/i18n';
import operator from '../../locales/en/operator.json';

addEnglish({ operator });
