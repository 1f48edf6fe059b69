import { MOOD_LABELS } from './mood-labels';
import { moodInsights, type MoodEntry } from './mood-logic';

/** Shown once there are at least five check-ins. */
export function MoodInsightsBox({ entries }: { entries: readonly MoodEntry[] }) {
  const insights = moodInsights(entries);
  if (!insights) return null;
  return (
    <section className="card mood-insights" aria-labelledby="mood-insights-heading">
      <h2 id="mood-insights-heading">Your Insights</h2>
      <ul className="mood-insights-list">
        <li>
          Check-ins so far: <strong>{insights.count}</strong>
        </li>
        <li>
          Average mood: <strong>{insights.average.toFixed(1)}</strong> out of 5
        </li>
        <li>
          Most frequent mood: <strong>{MOOD_LABELS[insights.mostFrequent]}</strong>
        </li>
      </ul>
      <p className="mood-insights-message">{insights.message}</p>
    </section>
  );
}
