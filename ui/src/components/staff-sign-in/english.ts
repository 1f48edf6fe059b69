// The texts of the staff areas' sign-in steps travel in the chunk of the area that shows them.
import { addEnglish } from '../../lib/i18n';
import staffSignIn from '../../locales/en/staffSignIn.json';

addEnglish({ staffSignIn });
