// Voice Entry's English texts travel in its own chunk (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../../lib/i18n';
import voice from '../../locales/en/voice.json';

addEnglish({ voice });
