import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MoodChart } from './mood-chart';

const entries = [
  { id: 'a', date: '2026-03-01', mood: 2 as const, notes: 'private words' },
  { id: 'b', date: '2026-03-02', mood: 4 as const, notes: '' },
];

describe('Mood chart', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 5, 10, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows no incident marks while no incident dates are given', () => {
    const { container } = render(<MoodChart entries={entries} />);
    expect(container.querySelectorAll('.mood-chart-incident')).toHaveLength(0);
    expect(screen.queryByText(/Something happened/)).toBeNull();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['DateMood', 'March 1, 2026' + '2 · Struggling', 'March 2, 2026' + '4 · Good']);
    expect(container.textContent).not.toContain('private words');
  });

  it('marks incident days on the time line, in the points, the summary and the table', () => {
    const { container } = render(<MoodChart entries={entries} incidentDates={['2026-03-02', '2026-03-04']} />);
    expect(container.querySelectorAll('.mood-chart-incident')).toHaveLength(2);
    expect(screen.getByText(/Days when something happened: 2\./)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'March 2, 2026: Good. Something happened this day.' })).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DateMoodSomething happened',
      'March 1, 2026' + '2 · Struggling',
      'March 2, 2026' + '4 · Good' + 'Yes',
      'March 4, 2026' + 'No check-in' + 'Yes',
    ]);
  });
});
