import { describe, expect, it } from 'vitest';
import { intlLocale } from './intl-locale';

describe('intlLocale', () => {
  it('keeps the product’s US English for plain English and a region that is given', () => {
    expect(intlLocale('en')).toBe('en-US');
    expect(intlLocale('en-GB')).toBe('en-GB');
  });

  it('writes Hindi times on the 24-hour clock, with no Latin am/pm', () => {
    const text = new Date(2026, 2, 6, 18, 0).toLocaleString(intlLocale('hi'), { dateStyle: 'long', timeStyle: 'short' });
    expect(text).toContain('18:00');
    expect(text).toContain('मार्च');
    expect(text).not.toMatch(/[A-Za-z]/);
    expect(intlLocale('hi-IN')).toBe(intlLocale('hi'));
  });
});
