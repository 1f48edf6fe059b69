import { describe, expect, it } from 'vitest';
import { formatTimeLeft } from './time-left';

describe('the time left of a check-in', () => {
  it('shows hours only when there are some, and never goes below zero', () => {
    expect(formatTimeLeft(3_909_400)).toBe('1:05:09');
    expect(formatTimeLeft(270_999)).toBe('4:30');
    expect(formatTimeLeft(-5_000)).toBe('0:00');
  });
});
