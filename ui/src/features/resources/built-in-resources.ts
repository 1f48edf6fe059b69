import type { Translate } from '../../lib/i18n';
import type { Resource } from './resource-types';

/**
 * A built-in resource: organisation names and numbers are facts; the words around them come from the catalogue,
 * and so does a name that only says what the service is (`nameKey`).
 */
type BuiltIn = Omit<Resource, 'name' | 'description' | 'hours' | 'address'> & {
  name?: string;
  nameKey?: string;
  descriptionKey: string;
  hoursKey: string;
  addressKey?: string;
};

const BUILT_IN: readonly BuiltIn[] = [
  {
    id: 'women-helpline',
    name: 'Women Helpline (India)',
    category: 'helpline',
    descriptionKey: 'resources.womenHelplineText',
    contact: '181',
    hoursKey: 'resources.hoursAlways',
  },
  {
    id: 'one-stop-centre',
    name: 'One Stop Centre (Sakhi)',
    category: 'shelter',
    descriptionKey: 'resources.oneStopCentreText',
    contact: '181',
    hoursKey: 'resources.hoursAlways',
    addressKey: 'resources.oneStopCentreAddress',
  },
  {
    id: 'nalsa-legal-aid',
    name: 'National Legal Services Authority (NALSA)',
    category: 'legal',
    descriptionKey: 'resources.nalsaText',
    contact: '15100',
    hoursKey: 'resources.hoursTollFree',
    website: 'https://nalsa.gov.in',
  },
  {
    id: 'kiran-mental-health',
    name: 'KIRAN Mental Health Helpline',
    category: 'counseling',
    descriptionKey: 'resources.kiranText',
    contact: '1800-599-0019',
    hoursKey: 'resources.hoursAlways',
  },
  {
    id: 'ambulance-108',
    nameKey: 'resources.ambulanceName',
    category: 'medical',
    descriptionKey: 'resources.ambulanceText',
    contact: '108',
    hoursKey: 'resources.hoursAlways',
  },
  {
    id: 'us-domestic-violence-hotline',
    name: 'National Domestic Violence Hotline (United States)',
    category: 'helpline',
    descriptionKey: 'resources.usHotlineText',
    contact: '1-800-799-7233',
    hoursKey: 'resources.hoursAlways',
    website: 'https://www.thehotline.org',
  },
];

/**
 * The six built-in support resources in the page's language, used when the server's /api/config sends no list
 * (an operator's own list is shown as the operator wrote it).
 */
export function builtInResources(t: Translate): Resource[] {
  return BUILT_IN.map(({ name, nameKey, descriptionKey, hoursKey, addressKey, ...facts }) => ({
    ...facts,
    name: nameKey ? t(nameKey) : (name ?? ''),
    description: t(descriptionKey),
    hours: t(hoursKey),
    ...(addressKey ? { address: t(addressKey) } : {}),
  }));
}
