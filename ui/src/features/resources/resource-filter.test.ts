import { describe, expect, it } from 'vitest';
import { englishText } from '../../lib/english-text';
import { builtInResources } from './built-in-resources';

const BUILT_IN_RESOURCES = builtInResources(englishText);
import { filterResources, safeWebsite, telHref } from './resource-filter';

const ALLOWED_NUMBERS = ['100', '1091', '181', '108', '15100', '1800-599-0019', '1-800-799-7233'];

describe('built-in resources', () => {
  it('has six resources covering all five categories, with only the listed numbers', () => {
    expect(BUILT_IN_RESOURCES).toHaveLength(6);
    expect(new Set(BUILT_IN_RESOURCES.map((r) => r.id)).size).toBe(6);
    expect(new Set(BUILT_IN_RESOURCES.map((r) => r.category))).toEqual(
      new Set(['helpline', 'shelter', 'legal', 'counseling', 'medical']),
    );
    for (const r of BUILT_IN_RESOURCES) {
      expect(ALLOWED_NUMBERS).toContain(r.contact);
      expect(r.name && r.description && r.hours).toBeTruthy();
    }
  });
});

describe('filterResources', () => {
  it('returns everything for All with an empty search', () => {
    expect(filterResources(BUILT_IN_RESOURCES, '', 'all')).toHaveLength(6);
  });

  it('matches name or description, ignoring case and surrounding spaces', () => {
    expect(filterResources(BUILT_IN_RESOURCES, '  NALSA ', 'all').map((r) => r.id)).toEqual(['nalsa-legal-aid']);
    // "ambulance" only appears in one name; "counsellors" only in one description.
    expect(filterResources(BUILT_IN_RESOURCES, 'AMBULANCE', 'all').map((r) => r.id)).toEqual(['ambulance-108']);
    expect(filterResources(BUILT_IN_RESOURCES, 'Counsellors', 'all').map((r) => r.id)).toEqual([
      'kiran-mental-health',
    ]);
    expect(filterResources(BUILT_IN_RESOURCES, 'zzz-nothing', 'all')).toEqual([]);
  });

  it('does not search contact numbers or hours', () => {
    expect(filterResources(BUILT_IN_RESOURCES, '15100', 'all')).toEqual([]);
  });

  it('keeps only the chosen category and combines with search', () => {
    expect(filterResources(BUILT_IN_RESOURCES, '', 'helpline').map((r) => r.id)).toEqual([
      'women-helpline',
      'us-domestic-violence-hotline',
    ]);
    expect(filterResources(BUILT_IN_RESOURCES, 'united states', 'helpline')).toHaveLength(1);
    expect(filterResources(BUILT_IN_RESOURCES, 'united states', 'medical')).toEqual([]);
  });
});

describe('links', () => {
  it('builds tel: links from displayed numbers', () => {
    expect(telHref('1-800-799-7233')).toBe('tel:18007997233');
    expect(telHref('+91 181')).toBe('tel:+91181');
  });

  it('only links http(s) websites', () => {
    expect(safeWebsite('https://example.org')).toBe('https://example.org/');
    expect(safeWebsite('javascript:alert(1)')).toBeNull();
    expect(safeWebsite('not a url')).toBeNull();
    expect(safeWebsite(undefined)).toBeNull();
  });
});
