// This screen's English texts travel in its own chunk (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../../lib/i18n';
import settings from '../../locales/en/settings.json';
import copy from '../../locales/en/copy.json';

addEnglish({ settings, copy });
