import { Placed, useT } from '../../lib/i18n';
import { MOOD_LABEL_KEYS } from './mood-labels';
import { moodInsights, type MoodEntry } from './mood-logic';

/** `text` with the `{name}` placeholder's value in bold, wherever the language puts it. */
function Emphasised({ text, name, value }: { text: string; name: string; value: string }) {
  return (
    <Placed text={text} name={name}>
      <strong>{value}</strong>
    </Placed>
  );
}

/** Shown once there are at least five check-ins. */
export function MoodInsightsBox({ entries }: { entries: readonly MoodEntry[] }) {
  const t = useT();
  const insights = moodInsights(entries);
  if (!insights) return null;
  return (
    <section className="card mood-insights" aria-labelledby="mood-insights-heading">
      <h2 id="mood-insights-heading">{t('mood.insightsTitle')}</h2>
      <ul className="mood-insights-list">
        <li>
          <Emphasised text={t('mood.insightsCount')} name="count" value={String(insights.count)} />
        </li>
        <li>
          <Emphasised text={t('mood.insightsAverage')} name="average" value={insights.average.toFixed(1)} />
        </li>
        <li>
          <Emphasised
            text={t('mood.insightsMostFrequent')}
            name="mood"
            value={t(MOOD_LABEL_KEYS[insights.mostFrequent])}
          />
        </li>
      </ul>
      <p className="mood-insights-message">{t(insights.messageKey)}</p>
    </section>
  );
}
