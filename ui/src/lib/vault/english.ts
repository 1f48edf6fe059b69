// The vault's English texts travel in its own chunk (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../i18n';
import vault from '../../locales/en/vault.json';

addEnglish({ vault });
