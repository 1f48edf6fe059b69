import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { DisguiseTitle } from '../../lib/disguise-title';
import { ArrowLeftIcon } from '../../lib/icons';
import { usePanic } from '../../lib/panic';
import { fetchCurrent, fetchForecast } from './weather-api';
import { CurrentConditions, ForecastList } from './weather-display';
import { LOADING_TEXT } from './weather-messages';
import type { CurrentWeather, Forecast, Loaded } from './weather-types';
import './weather-page.css';

export const DEFAULT_CITY = 'Delhi';

type State =
  | { status: 'loading' }
  | { status: 'done'; current: Loaded<CurrentWeather>; forecast: Loaded<Forecast>; updated: Date };

/** Weather disguise: looks and works like an ordinary weather app. */
export default function WeatherPage() {
  const { quickExit } = usePanic();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ status: 'loading' });
  const request = useRef(0);
  const inputId = useId();

  const load = useCallback(async (city: string) => {
    const id = ++request.current;
    setState({ status: 'loading' });
    const [current, forecast] = await Promise.all([fetchCurrent(city), fetchForecast(city)]);
    if (id === request.current) setState({ status: 'done', current, forecast, updated: new Date() });
  }, []);

  useEffect(() => {
    void load(DEFAULT_CITY);
  }, [load]);

  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const city = query.trim();
    if (city) void load(city);
  };

  return (
    <div className="wx">
      <header className="wx-header">
        <button type="button" className="wx-back" aria-label="Back" onClick={quickExit}>
          <ArrowLeftIcon size={24} />
        </button>
        <DisguiseTitle className="wx-title">Weather</DisguiseTitle>
      </header>
      <main className="wx-main">
        <form className="wx-search" role="search" onSubmit={onSearch}>
          <label htmlFor={inputId} className="sr-only">
            Search city
          </label>
          <input
            id={inputId}
            className="wx-input"
            type="search"
            placeholder="Search city"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="wx-search-btn">
            Search
          </button>
        </form>

        {state.status === 'loading' ? (
          <p className="wx-status" role="status">
            {LOADING_TEXT}
          </p>
        ) : (
          <>
            {state.current.ok ? (
              <CurrentConditions data={state.current.data} />
            ) : (
              <p className="wx-error" role="alert">
                {state.current.message}
              </p>
            )}
            <section className="wx-forecast" aria-labelledby={`${inputId}-fc`}>
              <h2 id={`${inputId}-fc`} className="wx-forecast-title">
                5-Day Forecast
              </h2>
              {state.forecast.ok ? (
                <ForecastList days={state.forecast.data.days} />
              ) : state.current.ok || state.forecast.message !== state.current.message ? (
                <p className="wx-error" role="alert">
                  {state.forecast.message}
                </p>
              ) : null}
            </section>
            <p className="wx-updated">
              Updated {state.updated.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}
            </p>
          </>
        )}
      </main>
    </div>
  );
}
