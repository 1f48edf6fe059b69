import { WeatherIcon } from './weather-icon';
import { EMPTY_FORECAST_TEXT } from './weather-messages';
import type { CurrentWeather, ForecastDay } from './weather-types';

const deg = (c: number) => `${Math.round(c)}°C`;

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

export function CurrentConditions({ data }: { data: CurrentWeather }) {
  const place = data.country ? `${data.city}, ${data.country}` : data.city;
  return (
    <section className="wx-current" aria-label="Current conditions">
      <h2 className="wx-city">{place}</h2>
      <div className="wx-now">
        <WeatherIcon code={data.icon} size={96} />
        <div>
          <p className="wx-temp">{deg(data.temp_c)}</p>
          <p className="wx-desc">{capitalize(data.description || data.main)}</p>
        </div>
      </div>
      <dl className="wx-details">
        <div>
          <dt>Feels like</dt>
          <dd>{deg(data.feels_like_c)}</dd>
        </div>
        <div>
          <dt>Wind</dt>
          <dd>{Math.round(data.wind_kmh)} km/h</dd>
        </div>
        {data.humidity !== null ? (
          <div>
            <dt>Humidity</dt>
            <dd>{Math.round(data.humidity)}%</dd>
          </div>
        ) : null}
      </dl>
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
          <span className="wx-day-temp">{deg(d.temp_c)}</span>
        </li>
      ))}
    </ul>
  );
}
