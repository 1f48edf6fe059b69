import { localDateKey, type MoodEntry } from './mood-logic';
import type { MoodValue } from './mood-labels';

/** The spans the chart can show: the last 30 days, the last 90 days, or every day since her first entry. */
export type ChartRange = '30' | '90' | 'all';
export const CHART_RANGES: readonly ChartRange[] = ['30', '90', 'all'];

/** One calendar day on the chart's time line. */
export type ChartDay = {
  date: string; // YYYY-MM-DD, local date
  mood: MoodValue | null; // null: she wrote nothing that day (a gap)
  incident: boolean;
};

export type ChartData = {
  days: ChartDay[];
  /** The days that have a mood, oldest first: the chart's points and the table's rows. */
  points: Array<ChartDay & { mood: MoodValue; index: number }>;
  /** Runs of days with a mood on each day; the line is drawn within a run and broken between runs. */
  runs: Array<{ from: number; to: number }>;
};

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a YYYY-MM-DD key, counted in whole calendar days (no clock changes to trip on). */
function dayNumber(key: string): number {
  const [y, m, d] = key.split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / DAY_MS);
}

function dayKey(n: number): string {
  const d = new Date(n * DAY_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
}

/**
 * The days of `range` ending today (or at her latest entry, for all time), from the first day with a mood or an
 * incident inside it, one mood per day: should a day hold
 * more than one entry, the one saved last counts, as saving again the same day replaces the mood.
 * `incidentDates` marks days from another record of hers (the incident log, once the screen has one).
 */
export function chartData(
  entries: readonly MoodEntry[],
  range: ChartRange,
  today: Date = new Date(),
  incidentDates: readonly string[] = [],
): ChartData {
  const byDate = new Map<string, MoodValue>();
  for (const e of entries) byDate.set(e.date, e.mood);
  const todayNumber = dayNumber(localDateKey(today));
  const numbers = [...byDate.keys()].map(dayNumber);
  let first: number;
  let last = todayNumber;
  if (range === 'all') {
    first = numbers.length > 0 ? Math.min(...numbers, todayNumber) : todayNumber;
    last = Math.max(todayNumber, ...numbers);
  } else {
    // The span fits what she has: from her first mood or incident inside it, not from a month of empty days
    // that would squeeze three days of moods against the right edge.
    const start = todayNumber - Number(range) + 1;
    const inside = [...numbers, ...incidentDates.map(dayNumber)].filter((n) => n >= start && n <= todayNumber);
    first = inside.length > 0 ? Math.min(...inside) : start;
  }
  const incidents = new Set(incidentDates);
  const days: ChartDay[] = [];
  for (let n = first; n <= last; n += 1) {
    const date = dayKey(n);
    days.push({ date, mood: byDate.get(date) ?? null, incident: incidents.has(date) });
  }
  const points = days.flatMap((d, index) => (d.mood === null ? [] : [{ ...d, mood: d.mood, index }]));
  const runs: ChartData['runs'] = [];
  for (const p of points) {
    const open = runs[runs.length - 1];
    if (open && open.to === p.index - 1) open.to = p.index;
    else runs.push({ from: p.index, to: p.index });
  }
  return { days, points, runs };
}

export type ChartSummary = {
  days: number;
  checkIns: number;
  average: number; // rounded to one decimal
  lowest: { date: string; mood: MoodValue };
  highest: { date: string; mood: MoodValue };
};

/** What the chart shows, in numbers for the text summary; null when the span has no entry. */
export function chartSummary(data: ChartData): ChartSummary | null {
  const { points } = data;
  if (points.length === 0) return null;
  const total = points.reduce((sum, p) => sum + p.mood, 0);
  // The most recent day wins a tie: it is the one she is most likely to remember.
  const pick = (better: (a: number, b: number) => boolean) =>
    points.reduce((best, p) => (better(p.mood, best.mood) || p.mood === best.mood ? p : best));
  const lowest = pick((a, b) => a < b);
  const highest = pick((a, b) => a > b);
  return {
    days: data.days.length,
    checkIns: points.length,
    average: Math.round((total / points.length) * 10) / 10,
    lowest: { date: lowest.date, mood: lowest.mood },
    highest: { date: highest.date, mood: highest.mood },
  };
}
