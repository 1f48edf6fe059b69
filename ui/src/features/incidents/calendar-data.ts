/** The months to draw (each 'YYYY-MM', newest first): this month and every month with an incident. */
export function calendarMonths(days: string[], today: Date): string[] {
  const current = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
  return [...new Set([current, ...days.map((d) => d.slice(0, 7))])].sort().reverse();
}

/** The weeks of a month, Monday first: each a row of 7 day numbers or null for the padding. */
export function monthWeeks(month: string): (number | null)[][] {
  const [y, m] = month.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (number | null)[] = [...Array(lead).fill(null), ...Array.from({ length }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** How many incidents happened on each day ('YYYY-MM-DD'). */
export function countByDay(days: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const d of days) counts.set(d, (counts.get(d) ?? 0) + 1);
  return counts;
}
