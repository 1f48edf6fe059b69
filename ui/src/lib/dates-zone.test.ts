import { describe, expect, it } from 'vitest';
import { formatMoment } from './dates';

describe('a moment as she reads it', () => {
  it('names the zone in her words, never by its database id (issue 36: "Asia/Calcutta" shown to her)', () => {
    const en = formatMoment('2026-03-06T18:00:00+05:30', 'en', 'Asia/Calcutta');
    expect(en).not.toMatch(/Asia|Calcutta|Kolkata/);
    expect(en).toContain('India Standard Time');
    expect(en).toContain('GMT+05:30');
    const hi = formatMoment('2026-03-06T18:00:00+05:30', 'hi', 'Asia/Kolkata');
    expect(hi).not.toMatch(/Asia|Calcutta|Kolkata|India/);
    expect(hi).toContain('भारतीय मानक समय');
  });

  it('a zone Intl cannot name is shown by its offset alone, once', () => {
    const text = formatMoment('2026-03-06T18:00:00Z', 'en', 'Etc/GMT-3');
    expect(text).not.toContain('Etc/');
    expect(text.match(/GMT\+03:00/g)).toHaveLength(1);
  });
});
