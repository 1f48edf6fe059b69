// The vault's English texts travel in its own chunk (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../../lib/i18n';
import vault from '../../locales/en/vault.json';
import copy from '../../locales/en/copy.json';

addEnglish({ vault, copy });
