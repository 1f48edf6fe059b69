import { describe, expect, it } from 'vitest';
import { chartData, chartSummary } from './mood-chart-data';
import type { MoodEntry } from './mood-logic';
import type { MoodValue } from './mood-labels';

const entry = (date: string, mood: MoodValue, id = date): MoodEntry => ({ id, date, mood, notes: '' });
// Late in the evening, so that a date taken in UTC instead of the local day would show.
const TODAY = new Date(2026, 2, 31, 23, 30);

describe('mood chart data', () => {
  it('lays out the last 30 days ending today, one slot per calendar day, with gaps where she wrote nothing', () => {
    const data = chartData([entry('2026-03-02', 1), entry('2026-03-03', 2), entry('2026-03-05', 4), entry('2026-03-31', 5)], '30', TODAY);
    expect(data.days).toHaveLength(30);
    expect(data.days[0].date).toBe('2026-03-02');
    expect(data.days[29].date).toBe('2026-03-31');
    expect(data.days.filter((d) => d.mood === null)).toHaveLength(26);
    expect(data.points.map((p) => [p.date, p.mood, p.index])).toEqual([
      ['2026-03-02', 1, 0],
      ['2026-03-03', 2, 1],
      ['2026-03-05', 4, 3],
      ['2026-03-31', 5, 29],
    ]);
    // The line joins the 2nd and 3rd, and breaks at the 4th (no entry) and before the 31st.
    expect(data.runs).toEqual([
      { from: 0, to: 1 },
      { from: 3, to: 3 },
      { from: 29, to: 29 },
    ]);
  });

  it('fits the span to the days she has: three days of moods fill the chart, not its last tenth (issue 36)', () => {
    const data = chartData([entry('2026-03-29', 2), entry('2026-03-30', 3), entry('2026-03-31', 4)], '30', TODAY);
    expect(data.days.map((d) => d.date)).toEqual(['2026-03-29', '2026-03-30', '2026-03-31']);
    expect(data.points.map((p) => p.index)).toEqual([0, 1, 2]);
    // An incident day inside the span counts as hers too; one before the span does not stretch it.
    const marked = chartData([entry('2026-03-30', 3)], '30', TODAY, ['2026-03-25', '2026-01-01']);
    expect(marked.days[0].date).toBe('2026-03-25');
    expect(marked.days).toHaveLength(7);
    expect(chartData([entry('2026-03-30', 3)], '90', TODAY).days).toHaveLength(2);
  });

  it('leaves out entries before the span and after today', () => {
    const data = chartData([entry('2026-03-01', 3), entry('2026-04-01', 3), entry('2026-03-10', 2)], '30', TODAY);
    expect(data.points.map((p) => p.date)).toEqual(['2026-03-10']);
  });

  it('takes 90 days across months and a clock change', () => {
    const data = chartData([entry('2026-01-01', 3), entry('2026-01-02', 3)], '90', TODAY);
    expect(data.days).toHaveLength(90);
    expect(data.days[0].date).toBe('2026-01-01');
    expect(new Set(data.days.map((d) => d.date)).size).toBe(90);
    expect(data.points.map((p) => p.date)).toEqual(['2026-01-01', '2026-01-02']);
  });

  it('shows all time from her first entry to today, whatever the order the entries were stored in', () => {
    const data = chartData([entry('2026-03-20', 4), entry('2025-02-28', 2), entry('2025-03-01', 3)], 'all', TODAY);
    expect(data.days[0].date).toBe('2025-02-28');
    expect(data.days[1].date).toBe('2025-03-01');
    expect(data.days.at(-1)!.date).toBe('2026-03-31');
    expect(data.days).toHaveLength(397);
    expect(data.points.map((p) => p.date)).toEqual(['2025-02-28', '2025-03-01', '2026-03-20']);
  });

  it('all time without entries is just today, with no point', () => {
    const data = chartData([], 'all', TODAY);
    expect(data.days.map((d) => d.date)).toEqual(['2026-03-31']);
    expect(data.points).toEqual([]);
    expect(chartSummary(data)).toBeNull();
  });

  it('keeps one mood a day: the entry saved last for that day', () => {
    const data = chartData([entry('2026-03-30', 1, 'a'), entry('2026-03-30', 4, 'b')], '30', TODAY);
    expect(data.points.map((p) => [p.date, p.mood])).toEqual([['2026-03-30', 4]]);
  });

  it('marks the days given as incident days, with or without a mood', () => {
    const data = chartData([entry('2026-03-30', 2)], '30', TODAY, ['2026-03-30', '2026-03-12', '2025-01-01']);
    expect(data.days.filter((d) => d.incident).map((d) => d.date)).toEqual(['2026-03-12', '2026-03-30']);
    expect(chartData([entry('2026-03-30', 2)], '30', TODAY).days.some((d) => d.incident)).toBe(false);
  });

  it('sums up the span: check-ins, days, average, the lowest and highest days (the latest on a tie)', () => {
    const data = chartData(
      [entry('2026-03-10', 2), entry('2026-03-11', 5), entry('2026-03-12', 2), entry('2026-03-13', 4)],
      '30',
      TODAY,
    );
    expect(chartSummary(data)).toEqual({
      days: 22, // from her first check-in in the span, the 10th, to today
      checkIns: 4,
      average: 3.3,
      lowest: { date: '2026-03-12', mood: 2 },
      highest: { date: '2026-03-11', mood: 5 },
    });
  });
});
