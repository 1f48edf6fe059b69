import type { Resource } from './resource-types';

/**
 * The six built-in support resources, used when the server's /api/config sends no list.
 * Organisation names and numbers are facts; descriptions are our own words.
 */
export const BUILT_IN_RESOURCES: readonly Resource[] = [
  {
    id: 'women-helpline',
    name: 'Women Helpline (India)',
    category: 'helpline',
    description:
      'A free helpline for women facing violence at home or anywhere else. Call 181 for support, counselling and referral, or 1091 to reach the police women’s helpline.',
    contact: '181',
    hours: '24 hours, 7 days a week',
  },
  {
    id: 'one-stop-centre',
    name: 'One Stop Centre (Sakhi)',
    category: 'shelter',
    description:
      'Government centres that offer short-term shelter, medical help, police assistance, legal aid and counselling under one roof. The Women Helpline can connect you to the centre nearest to you.',
    contact: '181',
    hours: '24 hours, 7 days a week',
    address: 'Centres in districts across India',
  },
  {
    id: 'nalsa-legal-aid',
    name: 'National Legal Services Authority (NALSA)',
    category: 'legal',
    description:
      'Free legal aid and advice, including help with protection orders and other matters under the domestic violence law.',
    contact: '15100',
    hours: 'Toll free; call for current hours',
    website: 'https://nalsa.gov.in',
  },
  {
    id: 'kiran-mental-health',
    name: 'KIRAN Mental Health Helpline',
    category: 'counseling',
    description:
      'A free, confidential helpline where trained counsellors listen and help with anxiety, distress and emotional crises.',
    contact: '1800-599-0019',
    hours: '24 hours, 7 days a week',
  },
  {
    id: 'ambulance-108',
    name: 'Emergency Ambulance Service',
    category: 'medical',
    description:
      'Free emergency ambulance and medical response. Call if you are hurt or need urgent medical care.',
    contact: '108',
    hours: '24 hours, 7 days a week',
  },
  {
    id: 'us-domestic-violence-hotline',
    name: 'National Domestic Violence Hotline (United States)',
    category: 'helpline',
    description:
      'Confidential support, safety planning and referrals for anyone affected by abuse in the United States.',
    contact: '1-800-799-7233',
    hours: '24 hours, 7 days a week',
    website: 'https://www.thehotline.org',
  },
];
