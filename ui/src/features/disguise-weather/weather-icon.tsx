import sprite from './weather-icons.svg?raw';
import type { WeatherIconCode } from './weather-types';

// Each icon is a <use> of one drawing in weather-icons.svg, which the page holds once (WeatherIconDrawings):
// building every icon's shapes element by element took most of the time of drawing the hours and the days
// (bench/RESULTS.md, Lighthouse on /weather).
export const ICON_CODES: readonly WeatherIconCode[] = [
  'clear-day',
  'clear-night',
  'partly-cloudy-day',
  'partly-cloudy-night',
  'cloudy',
  'fog',
  'drizzle',
  'rain',
  'thunderstorm',
  'snow',
  'wind',
];
const CODES: ReadonlySet<string> = new Set(ICON_CODES);

export function normalizeIcon(code: string): WeatherIconCode {
  return CODES.has(code) ? (code as WeatherIconCode) : 'cloudy';
}

/** The drawings the icons show, once per page; our own file, parsed by the browser in one go. */
export function WeatherIconDrawings() {
  return <div hidden dangerouslySetInnerHTML={{ __html: sprite }} />;
}

/** Decorative: the text next to each icon says the same thing. */
export function WeatherIcon({ code, size = 64 }: { code: string; size?: number }) {
  const drawing = normalizeIcon(code);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      className="weather-icon"
      data-icon={drawing}
    >
      <use href={`#wx-icon-${drawing}`} />
    </svg>
  );
}
