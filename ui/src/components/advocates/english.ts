// The sharing texts travel with the share control, in the chunk of whichever screen offers sharing
// (lib/i18n/catalogue.ts, ENGLISH).
import { addEnglish } from '../../lib/i18n';
import sharing from '../../locales/en/sharing.json';

addEnglish({ sharing });
