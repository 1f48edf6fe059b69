import { useMemo, useState } from 'react';
import { useLanguage, useT } from '../../lib/i18n';
import { MOOD_LABEL_KEYS } from './mood-labels';
import { formatMoodDate, type MoodEntry } from './mood-logic';
import { CHART_RANGES, chartData, chartSummary, type ChartData, type ChartRange } from './mood-chart-data';
import { MoodChartPlot } from './mood-chart-plot';
import { CHART_STYLE as S } from './mood-chart-style';

const NO_DATES: readonly string[] = [];

const RANGE_KEYS: Readonly<Record<ChartRange, string>> = {
  '30': 'mood.chartRange30',
  '90': 'mood.chartRange90',
  all: 'mood.chartRangeAll',
};

type Props = {
  entries: readonly MoodEntry[];
  /**
   * Days on which she recorded an incident, marked on the same time line. The incident log has no screen yet
   * (docs/evidence.md); once it has, the mood screen passes the dates of her decrypted incidents here.
   */
  incidentDates?: readonly string[];
};

/** Her mood over time: a chart, a text summary and a table of the same days (the table shows in print). */
export function MoodChart({ entries, incidentDates = NO_DATES }: Props) {
  const t = useT();
  const { lang } = useLanguage();
  const [range, setRange] = useState<ChartRange>('30');
  const [today] = useState(() => new Date());
  const data = useMemo(() => chartData(entries, range, today, incidentDates), [entries, range, today, incidentDates]);
  const summary = chartSummary(data);
  const longDate = (date: string) => formatMoodDate(date, lang);
  const moodWord = (mood: keyof typeof MOOD_LABEL_KEYS) => t(MOOD_LABEL_KEYS[mood]);
  const from = data.days[0].date;
  const to = data.days[data.days.length - 1].date;
  const pointLabel = (p: ChartData['points'][number]) =>
    t(p.incident ? 'mood.chartPointIncident' : 'mood.chartPoint', { date: longDate(p.date), mood: moodWord(p.mood) });
  const rows = data.days.filter((d) => d.mood !== null || d.incident);
  const anyIncident = rows.some((d) => d.incident);

  return (
    <section className="card mood-chart-card" aria-labelledby="mood-chart-heading">
      <h2 id="mood-chart-heading">{t('mood.chartTitle')}</h2>
      <div className="mood-chart-ranges" style={S.ranges} role="group" aria-label={t('mood.chartRangeLabel')}>
        {CHART_RANGES.map((r) => (
          <button
            key={r}
            type="button"
            className={`btn ${r === range ? 'btn-primary' : 'btn-secondary'}`}
            style={S.range}
            aria-pressed={r === range}
            onClick={() => setRange(r)}
          >
            {t(RANGE_KEYS[r])}
          </button>
        ))}
      </div>
      {summary ? (
        <>
          <div className="mood-chart-summary">
            <p style={S.summaryLine}>
              {t('mood.chartSummary', {
                checkIns: summary.checkIns,
                days: summary.days,
                average: summary.average.toFixed(1),
              })}
            </p>
            <p style={S.summaryLine}>{t('mood.chartLowest', { date: longDate(summary.lowest.date), mood: moodWord(summary.lowest.mood) })}</p>
            <p style={S.summaryLine}>{t('mood.chartHighest', { date: longDate(summary.highest.date), mood: moodWord(summary.highest.mood) })}</p>
            {anyIncident && <p style={S.summaryLine}>{t('mood.chartIncidents', { count: data.days.filter((d) => d.incident).length })}</p>}
          </div>
          <MoodChartPlot
            key={range}
            data={data}
            label={t('mood.chartPlotLabel', { from: longDate(from), to: longDate(to) })}
            pointLabel={pointLabel}
            fromText={longDate(from)}
            toText={longDate(to)}
          />
        </>
      ) : (
        <p className="empty-state">{t('mood.chartEmpty')}</p>
      )}
      {rows.length > 0 && (
        <div className="mood-chart-table-wrap sr-only">
          <table className="mood-chart-table" style={S.table}>
            <caption style={S.caption}>{t('mood.chartTableCaption', { from: longDate(from), to: longDate(to) })}</caption>
            <thead>
              <tr>
                <th scope="col" style={S.cell}>{t('mood.chartTableDate')}</th>
                <th scope="col" style={S.cell}>{t('mood.chartTableMood')}</th>
                {anyIncident && <th scope="col" style={S.cell}>{t('mood.chartTableIncident')}</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.date}>
                  <td style={S.cell}>
                    <time dateTime={d.date}>{longDate(d.date)}</time>
                  </td>
                  <td style={S.cell}>{d.mood === null ? t('mood.chartNoMood') : `${d.mood} · ${moodWord(d.mood)}`}</td>
                  {anyIncident && <td style={S.cell}>{d.incident ? t('mood.chartIncidentYes') : ''}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
