import { WeatherIcon } from './weather-icon';
import { EMPTY_FORECAST_TEXT } from './weather-messages';
import { precipitationChance, todayRange } from './weather-model';
import type { CurrentWeather, Forecast, ForecastDay, HourStep } from './weather-types';

const deg = (c: number) => `${Math.round(c)}°C`;
const short = (c: number) => `${Math.round(c)}°`;

function capitalize(s: string): string {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/** 'Today', else a short weekday, for a YYYY-MM-DD date. */
export function dayLabel(date: string, today: Date = new Date()): string {
  const d = new Date(`${date}T12:00:00`);
  if (Number.isNaN(d.getTime())) return date;
  const sameDay =
    d.getFullYear() === today.getFullYear() && d.getMonth() === today.getMonth() && d.getDate() === today.getDate();
  return sameDay ? 'Today' : d.toLocaleDateString('en-US', { weekday: 'long' });
}

function shortDate(date: string): string {
  const d = new Date(`${date}T12:00:00`);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
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
  const place = data.country ? `${data.city}, ${data.country}` : data.city;
  const range = forecast ? todayRange(data, forecast) : null;
  const pop = forecast ? precipitationChance(forecast) : null;
  return (
    <section className="wx-current" aria-label="Current conditions">
      <h2 className="wx-city">{place}</h2>
      <div className="wx-now">
        <WeatherIcon code={data.icon} size={96} />
        <div>
          <p className="wx-temp">{deg(data.temp_c)}</p>
          <p className="wx-desc">{capitalize(data.description || data.main)}</p>
          {range ? (
            <p className="wx-hilo">
              <span>
                <abbr title="High">H</abbr>:{short(range.high)}
              </span>{' '}
              <span>
                <abbr title="Low">L</abbr>:{short(range.low)}
              </span>
            </p>
          ) : null}
        </div>
      </div>
      <p className="wx-updated">
        {updated}
        {offline ? <span className="wx-offline"> · No connection</span> : null}
        {offline && onRetry ? (
          <button type="button" className="wx-retry" onClick={onRetry}>
            Try again
          </button>
        ) : null}
      </p>
      <dl className="wx-details">
        <Detail term="Feels like" value={deg(data.feels_like_c)} />
        <Detail term="Chance of rain" value={pop === null ? null : `${Math.round(pop)}%`} />
        <Detail term="Humidity" value={data.humidity === null ? null : `${Math.round(data.humidity)}%`} />
        <Detail term="Wind" value={`${Math.round(data.wind_kmh)} km/h`} />
        <Detail term="Sunrise" value={forecast?.today?.sunrise ?? null} />
        <Detail term="Sunset" value={forecast?.today?.sunset ?? null} />
      </dl>
    </section>
  );
}

/** The next 24 hours, scrolled sideways; the list itself takes focus so the keyboard can scroll it. */
export function HourlyStrip({ hours, titleId }: { hours: HourStep[]; titleId: string }) {
  if (hours.length === 0) return null;
  return (
    <section className="wx-hourly" aria-labelledby={titleId}>
      <h2 id={titleId} className="wx-forecast-title">
        Hourly forecast
      </h2>
      {/* A scrollable region must be reachable by keyboard (WCAG 2.1.1). */}
      <ol className="wx-hours" tabIndex={0} aria-labelledby={titleId}>
        {hours.map((h) => (
          <li key={h.dt} className="wx-hour">
            <span className="wx-hour-time">{h.time}</span>
            <WeatherIcon code={h.icon} size={32} />
            <span className="sr-only">{capitalize(h.description)}, </span>
            <span className="wx-hour-temp">{short(h.temp_c)}</span>
            {h.pop !== null && h.pop > 0 ? (
              <span className="wx-hour-pop">
                <span className="sr-only">chance of rain </span>
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
  if (days.length === 0) return <p className="wx-empty">{EMPTY_FORECAST_TEXT}</p>;
  return (
    <ul className="wx-days">
      {days.map((d) => (
        <li key={`${d.date}-${d.dt}`} className="wx-day">
          <span className="wx-day-name">
            {dayLabel(d.date)}
            <span className="wx-day-date">{shortDate(d.date)}</span>
          </span>
          <WeatherIcon code={d.icon} size={40} />
          <span className="wx-day-desc">{capitalize(d.description || d.main)}</span>
          <span className="wx-day-temp">
            <span className="wx-day-high">
              <span className="sr-only">High </span>
              {short(d.high_c)}
            </span>
            <span className="wx-day-low">
              <span className="sr-only">Low </span>
              {short(d.low_c)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
