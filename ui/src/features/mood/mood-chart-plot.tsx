import { useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../lib/i18n';
import { MOOD_LABEL_KEYS, MOOD_VALUES, type MoodValue } from './mood-labels';
import type { ChartData } from './mood-chart-data';
import { CHART_STYLE as S } from './mood-chart-style';
import { useTouchScreen } from '../../lib/touch-screen';

// The height of one mood level in CSS pixels. The drawing has no viewBox: x runs in percent of the width
// and y in pixels, so on a narrow phone the days move closer together while the words keep their size.
const ROW = 40;
const PLOT_HEIGHT = ROW * MOOD_VALUES.length;
const AXIS_HEIGHT = 24;

const levelY = (mood: MoodValue) => (MOOD_VALUES.length - mood) * ROW + ROW / 2;

type Props = {
  data: ChartData;
  /** The name of the drawing, read out on entering it. */
  label: string;
  /** What a point reads out: its date and mood. */
  pointLabel: (point: ChartData['points'][number]) => string;
  /** The first and last day as the axis shows them. */
  fromText: string;
  toText: string;
};

/** The chart itself: five mood levels, one point per day with an entry, a line broken where days are missing. */
export function MoodChartPlot({ data, label, pointLabel, fromText, toText }: Props) {
  const t = useT();
  const touch = useTouchScreen();
  const { days, points, runs } = data;
  const x = (index: number) => `${days.length === 1 ? 50 : (index / (days.length - 1)) * 100}%`;
  // One tab stop for the whole chart (the latest point); the arrow keys move between days from there.
  // No choice yet: the latest point, however many the chart has by then (its data may arrive after the first draw).
  const [active, setActive] = useState<number | null>(null);
  const [reading, setReading] = useState(false);
  const refs = useRef<Array<SVGCircleElement | null>>([]);
  const current = active === null ? points.length - 1 : Math.min(active, points.length - 1);

  const moveTo = (i: number) => {
    const next = Math.max(0, Math.min(points.length - 1, i));
    setActive(next);
    refs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowUp: current + 1,
      ArrowLeft: current - 1,
      ArrowDown: current - 1,
      Home: 0,
      End: points.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    moveTo(moves[event.key]);
  };

  return (
    <div className="mood-chart">
      <div className="mood-chart-frame" style={S.frame}>
        <div className="mood-chart-levels" aria-hidden="true">
          {[...MOOD_VALUES].reverse().map((mood) => (
            <span key={mood} className="mood-chart-level" style={{ ...S.level, height: ROW }}>
              {t(MOOD_LABEL_KEYS[mood])}
            </span>
          ))}
        </div>
        <div className="mood-chart-plot" style={S.plot}>
          <svg
            role="group"
            aria-label={label}
            width="100%"
            height={PLOT_HEIGHT + AXIS_HEIGHT}
            onKeyDown={onKeyDown}
            className="mood-chart-svg"
            style={S.svg}
          >
            {MOOD_VALUES.map((mood) => (
              <line key={mood} className="mood-chart-grid" style={S.grid} x1="0" x2="100%" y1={levelY(mood)} y2={levelY(mood)} />
            ))}
            {days.map((d, i) =>
              d.incident ? (
                <line
                  key={d.date}
                  className="mood-chart-incident"
                  style={S.incident} x1={x(i)} x2={x(i)} y1={0} y2={PLOT_HEIGHT} />
              ) : null,
            )}
            {runs.flatMap(({ from, to }) =>
              points
                .filter((p) => p.index >= from && p.index < to)
                .map((p) => {
                  const next = days[p.index + 1].mood!;
                  return (
                    <line
                      key={`line-${p.date}`}
                      className="mood-chart-line"
                      style={S.line}
                      x1={x(p.index)}
                      x2={x(p.index + 1)}
                      y1={levelY(p.mood)}
                      y2={levelY(next)}
                    />
                  );
                }),
            )}
            {points.map((p, i) => (
              <circle
                key={p.date}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                role="img"
                aria-label={pointLabel(p)}
                // Lower case on purpose: on an SVG element Preact writes the attribute as spelled, and SVG's
                // attribute names are case-sensitive (`tabIndex` would make no tab stop).
                {...{ tabindex: i === current ? 0 : -1 }}
                className="mood-chart-point"
                style={reading && i === current ? S.pointActive : S.point}
                data-date={p.date}
                data-mood={p.mood}
                cx={x(p.index)}
                cy={levelY(p.mood)}
                r={reading && i === current ? 8 : 5}
                onFocus={() => {
                  setActive(i);
                  setReading(true);
                }}
                onBlur={() => setReading(false)}
                onClick={() => moveTo(i)}
              />
            ))}
            <text className="mood-chart-axis" style={S.axis} x="0" y={PLOT_HEIGHT + 18} textAnchor="start" aria-hidden="true">
              {fromText}
            </text>
            <text className="mood-chart-axis" style={S.axis} x="100%" y={PLOT_HEIGHT + 18} textAnchor="end" aria-hidden="true">
              {toText}
            </text>
          </svg>
        </div>
      </div>
      <p className="mood-chart-readout" style={S.readout} aria-hidden={reading}>
        {reading && points[current] ? pointLabel(points[current]) : t(touch ? 'mood.chartHintTouch' : 'mood.chartHint')}
      </p>
    </div>
  );
}
