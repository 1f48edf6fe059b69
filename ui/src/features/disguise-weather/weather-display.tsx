import { useLanguage, useT, type Translate } from '../../lib/i18n';
import { dayLabel, shortDate, useDateNames } from './forecast-dates';
import { WeatherIcon } from './weather-icon';
import { precipitationChance, todayRange } from './weather-model';
import type { CurrentWeather, Forecast, ForecastDay, HourStep } from './weather-types';

const deg = (c: number) => `${Math.round(c)}°C`;
const short = (c: number) => `${Math.round(c)}°`;

function capitalize(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

// The sky word for each icon code the server sends.
const SKY_KEYS: Readonly<Record<string, string>> = {
  'clear-day': 'weather.skyClear',
  'clear-night': 'weather.skyClear',
  'partly-cloudy-day': 'weather.skyPartlyCloudy',
  'partly-cloudy-night': 'weather.skyPartlyCloudy',
  cloudy: 'weather.skyCloudy',
  fog: 'weather.skyFog',
  drizzle: 'weather.skyDrizzle',
  rain: 'weather.skyRain',
  thunderstorm: 'weather.skyThunderstorm',
  snow: 'weather.skySnow',
  wind: 'weather.skyWind',
};

const isEnglish = (lang: string) => lang === 'en' || lang.startsWith('en-');

/**
 * The words for the sky. The weather service describes it in English ("light rain"), which an English page
 * shows as it comes; a page in another language names the condition from the icon code instead, so a Hindi
 * weather app never shows an English word.
 */
export function skyText(
  sky: { description: string; main?: string; icon: string },
  lang: string,
  t: Translate,
): string {
  if (isEnglish(lang)) return capitalize(sky.description || sky.main || '');
  return t(SKY_KEYS[sky.icon] ?? 'weather.skyCloudy');
}

function Detail({ term, value }: { term: string; value: string | null }) {
  if (value === null) return null;
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

type CurrentProps = {
  data: CurrentWeather;
  forecast: Forecast | null;
  updated: string;
  offline: boolean;
  onRetry?(): void;
};

export function CurrentConditions({ data, forecast, updated, offline, onRetry }: CurrentProps) {
  const t = useT();
  const { lang } = useLanguage();
  const place = data.country ? `${data.city}, ${data.country}` : data.city;
  const range = forecast ? todayRange(data, forecast) : null;
  const pop = forecast ? precipitationChance(forecast) : null;
  return (
    <section className="wx-current" aria-label={t('weather.currentConditions')}>
      <h2 className="wx-city">{place}</h2>
      <div className="wx-now">
        <WeatherIcon code={data.icon} size={96} />
        <div>
          <p className="wx-temp">{deg(data.temp_c)}</p>
          <p className="wx-desc">{skyText(data, lang, t)}</p>
          {range ? (
            <p className="wx-hilo">
              <span>
                <abbr title={t('weather.high')}>{t('weather.highShort')}</abbr>:{short(range.high)}
              </span>{' '}
              <span>
                <abbr title={t('weather.low')}>{t('weather.lowShort')}</abbr>:{short(range.low)}
              </span>
            </p>
          ) : null}
        </div>
      </div>
      <p className="wx-updated">
        {updated}
        {offline ? <span className="wx-offline"> · {t('weather.noConnection')}</span> : null}
        {offline && onRetry ? (
          <button type="button" className="wx-retry" onClick={onRetry}>
            {t('weather.tryAgain')}
          </button>
        ) : null}
      </p>
      <dl className="wx-details">
        <Detail term={t('weather.feelsLike')} value={deg(data.feels_like_c)} />
        <Detail term={t('weather.chanceOfRain')} value={pop === null ? null : `${Math.round(pop)}%`} />
        <Detail term={t('weather.humidity')} value={data.humidity === null ? null : `${Math.round(data.humidity)}%`} />
        <Detail term={t('weather.wind')} value={t('weather.windSpeed', { speed: Math.round(data.wind_kmh) })} />
        <Detail term={t('weather.sunrise')} value={forecast?.today?.sunrise ?? null} />
        <Detail term={t('weather.sunset')} value={forecast?.today?.sunset ?? null} />
      </dl>
    </section>
  );
}

/** The next 24 hours, scrolled sideways; the list itself takes focus so the keyboard can scroll it. */
export function HourlyStrip({ hours, titleId }: { hours: HourStep[]; titleId: string }) {
  const t = useT();
  const { lang } = useLanguage();
  if (hours.length === 0) return null;
  return (
    <section className="wx-hourly" aria-labelledby={titleId}>
      <h2 id={titleId} className="wx-forecast-title">
        {t('weather.hourlyTitle')}
      </h2>
      {/* A scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
      <ol className="wx-hours" tabIndex={0} aria-labelledby={titleId}>
        {hours.map((h) => (
          <li key={h.dt} className="wx-hour">
            <span className="wx-hour-time">{h.time}</span>
            <WeatherIcon code={h.icon} size={32} />
            <span className="sr-only">{skyText(h, lang, t)}, </span>
            <span className="wx-hour-temp">{short(h.temp_c)}</span>
            {h.pop !== null && h.pop > 0 ? (
              <span className="wx-hour-pop">
                <span className="sr-only">{t('weather.chanceOfRainBefore')} </span>
                {Math.round(h.pop)}%
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ForecastList({ days }: { days: ForecastDay[] }) {
  const t = useT();
  const { lang } = useLanguage();
  const names = useDateNames();
  const today = new Date();
  if (days.length === 0) return <p className="wx-empty">{t('weather.emptyForecast')}</p>;
  return (
    <ul className="wx-days">
      {days.map((d) => (
        <li key={`${d.date}-${d.dt}`} className="wx-day">
          <span className="wx-day-name">
            {dayLabel(d.date, today, names)}
            <span className="wx-day-date">{shortDate(d.date, names)}</span>
          </span>
          <WeatherIcon code={d.icon} size={40} />
          <span className="wx-day-desc">{skyText(d, lang, t)}</span>
          <span className="wx-day-temp">
            <span className="wx-day-high">
              <span className="sr-only">{t('weather.high')} </span>
              {short(d.high_c)}
            </span>
            <span className="wx-day-low">
              <span className="sr-only">{t('weather.low')} </span>
              {short(d.low_c)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
