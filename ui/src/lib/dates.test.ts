import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoment, formatTime } from './dates';

// One moment given every way the screens hold it: a Date, an ISO text, Unix milliseconds, a calendar day.
const at = new Date(2027, 1, 26, 15, 5);
const ways = [at, at.toISOString(), at.getTime(), '2027-02-26'];

describe('dates: one format per language', () => {
  it('writes every date in English as "February 26, 2027", however it was held', () => {
    for (const w of ways) expect(formatDate(w, 'en')).toBe('February 26, 2027');
    expect(formatDate(at, 'en-US')).toBe('February 26, 2027');
  });

  it('writes every date in Hindi as "26 फ़रवरी 2027", however it was held', () => {
    for (const w of ways) expect(formatDate(w, 'hi')).toBe('26 फ़रवरी 2027');
    expect(formatDate(at, 'hi-IN')).toBe('26 फ़रवरी 2027');
  });

  it('writes a date and time as that date with its time, in each language', () => {
    expect(formatDateTime(at, 'en')).toBe('February 26, 2027 at 3:05 PM');
    expect(formatDateTime(at.getTime(), 'en')).toBe(formatDateTime(at.toISOString(), 'en'));
    expect(formatDateTime(at, 'hi')).toBe('26 फ़रवरी 2027 को 15:05 बजे');
    expect(formatTime(at, 'en')).toBe('3:05 PM');
    expect(formatTime(at, 'hi')).toBe('15:05');
  });

  it('never writes a date with slashes or a short month name', () => {
    for (const lang of ['en', 'hi']) {
      for (const text of [formatDate(at, lang), formatDateTime(at, lang), formatMoment(at.toISOString(), lang, 'Asia/Kolkata')]) {
        expect(text).not.toMatch(/\d\/\d/);
        expect(text).not.toMatch(/\bFeb\b/);
      }
    }
  });

  it('names the zone of an evidence time, in the date and time format', () => {
    const text = formatMoment('2027-02-26T09:35:00Z', 'en', 'Asia/Kolkata');
    expect(text).toBe('February 26, 2027 at 3:05 PM (India Standard Time, GMT+05:30)');
  });

  it('shows no "Invalid Date"', () => {
    expect(formatDate('not a date', 'en')).toBe('not a date');
    expect(formatDateTime(Number.NaN, 'hi')).toBe('');
  });
});
